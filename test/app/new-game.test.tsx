/**
 * Adding a game is one folder and one line: the race, a game that exists only in the tests, is
 * registered here (its line in the list) and appears in the menu, plays, records, replays and
 * verifies, with no other change anywhere.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import { menuItems } from '../../source/app/app-model.js';
import { verify } from '../../source/cli/verify.js';
import { scriptedSource } from '../../source/engine/chance.js';
import { GAMES } from '../../source/games/index.js';
import { loadRecording } from '../../source/storage/load.js';
import { openRecorder } from '../../source/storage/recorder.js';
import { appOptions } from '../support/app.js';
import { frameWhen, press } from '../support/ink.js';
import { raceModule } from '../support/race/index.js';

const games = [...GAMES, raceModule];
const lookup = (name: string) => games.find((g) => g.id === name);

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('a game added by its folder and one registry line', () => {
  it('appears in the menu, plays, records, replays and verifies', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-race-')), 'race.jsonl');
    const script = raceModule.chance?.parseScript('6\n6\n6\n', 'dice.txt');
    if (!script?.ok) throw new Error('no script');
    const r = render(
      <App
        options={appOptions({
          games,
          scripted: scriptedSource(script.script, 'roll'),
          recorder: (header) => openRecorder({ mode: 'file', file }, header),
        })}
      />,
    );
    cleanup = r.unmount;
    const race = String(menuItems(games).findIndex((i) => i.label === 'Race') + 1);
    expect(await frameWhen(r.lastFrame, (f) => f.includes('Race'))).toContain(`${race}. Race`);
    await press(r.stdin, race);
    expect(await frameWhen(r.lastFrame, (f) => f.includes('Enter starts'))).toContain(
      'Ann against Bob',
    );
    await press(r.stdin, '\r');
    expect(await frameWhen(r.lastFrame, (f) => f.includes('to throw'))).toContain('▶ Ann');
    // Ann runs 6, Bob creeps 1 (the second move in his list), Ann runs 6 more and wins.
    await press(r.stdin, ' ', '\r', ' ', '2', '\r', ' ', '\r');
    const won = await frameWhen(r.lastFrame, (f) => f.includes('wins'));
    expect(won).toContain('★ Ann wins! ★');
    expect(won).toContain('Bob ran 1 to 1.');
    cleanup();
    cleanup = undefined;

    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ game: 'race', options: { length: 12 } });
    expect(lines.at(-1)).toBe('{"type":"session/ended","outcome":{"status":"won","winner":0}}');
    const out: string[] = [];
    expect(
      await verify(
        [file],
        lookup,
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(0);
    expect(out).toEqual([`${file}: race, 2 players (Ann, Bob), 6 events, Ann won`]);

    const loaded = await loadRecording(file, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    const replay = render(
      <App
        options={appOptions({ games, opening: { kind: 'replay', recording: loaded.recording } })}
      />,
    );
    cleanup = replay.unmount;
    expect(await frameWhen(replay.lastFrame, (f) => f.includes('Turn'))).toContain(
      'The start of the game.',
    );
    await press(replay.stdin, '\x1b[F');
    const end = await frameWhen(replay.lastFrame, (f) => f.includes('the end'));
    expect(end).toContain('Ann ran 6 to 12.');
    expect(end).toMatch(/Ann +·{12}A\|/);
  });
});
