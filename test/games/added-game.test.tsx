/**
 * A game placed in the registry at test time (issue 42, 5): the race (test/support/race), on the
 * shared setup form, the move list and the default replay face, is registered (games/index.ts'
 * register), and the app built from the registry as it stands then starts it from the menu,
 * plays it to its end and records it; the recordings browser replays it, verify passes it, and
 * the analysis (the replay's `a`, and `madang analyze`'s) reads it. Nothing names it but here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnalysis } from '../../source/analysis/analyze.js';
import { App } from '../../source/app/App.js';
import { menuItems } from '../../source/app/app-model.js';
import { readAndAnalyze } from '../../source/cli/analyze.js';
import { verify } from '../../source/cli/verify.js';
import { scriptedSource } from '../../source/engine/chance.js';
import { coreOf } from '../../source/games/cores.js';
import { GAMES, gameOf, register, registeredGames } from '../../source/games/index.js';
import { listRecordings } from '../../source/storage/catalogue.js';
import { openRecording } from '../../source/storage/load.js';
import { openRecorder } from '../../source/storage/recorder.js';
import { appOptions } from '../support/app.js';
import { frameWhen, plain, press, renderSized } from '../support/ink.js';
import { registeredRace } from '../support/race/registered.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-added-'));
const file = join(dir, 'race.jsonl');
const [DOWN, ENTER, END] = ['\x1b[B', '\r', '\x1b[F'];
let unregister: (() => void) | undefined;
let cleanup: (() => void) | undefined;
beforeAll(() => {
  unregister = register(registeredRace);
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});
afterAll(() => {
  unregister?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('a game placed in the registry at test time', () => {
  it('is registered after the games the program ships, which stay as they were', () => {
    expect(registeredGames()).toEqual([...GAMES, registeredRace]);
    expect(GAMES.map((g) => g.id)).not.toContain(registeredRace.id);
    expect(gameOf(registeredRace.id)).toBe(registeredRace);
    expect(coreOf(registeredRace.id)).toBe(registeredRace);
    // One game an id: the race cannot be placed twice.
    expect(() => register(registeredRace)).toThrow(/in the registry already/);
  });

  it('starts from the menu on the shared setup form, plays to its end, and is recorded', async () => {
    const script = registeredRace.chance?.parseScript('6\n6\n6\n', 'dice.txt');
    if (!script?.ok) throw new Error('no script');
    const r = renderSized(
      <App
        options={appOptions({
          scripted: scriptedSource(script.script, 'roll'),
          recorder: (header) => openRecorder({ mode: 'file', file }, header),
        })}
      />,
      80,
      24,
    );
    cleanup = r.unmount;
    const row = menuItems(registeredGames()).findIndex((i) => i.label === 'Race') + 1;
    expect(await frameWhen(r.lastFrame, `${row}. Race`)).toContain('a test game');
    await press(r.stdin, String(row));
    // The shared form: a name and who plays for each runner, the declared track, Start.
    const setup = plain(await frameWhen(r.lastFrame, 'Race · new game'));
    expect(setup).toMatch(/Runner 1 +A/);
    expect(setup).toMatch(/Track +12 squares/);
    expect(setup).toContain('Start the game');
    await press(r.stdin, 'A', 'n', 'n', DOWN, DOWN, 'B', 'o', 'b');
    await press(r.stdin, ENTER, ENTER, ENTER, ENTER);
    expect(await frameWhen(r.lastFrame, 'to throw')).toContain('▶ Ann');
    // Ann runs 6, Bob creeps 1 (the second move in his list), Ann runs 6 more and wins.
    await press(r.stdin, ' ', '\r', ' ', '2', '\r', ' ', '\r');
    const won = await frameWhen(r.lastFrame, 'wins');
    expect(won).toContain('★ Ann wins! ★');
    expect(won).toContain('Bob ran 1 to 1.');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ game: 'race', options: { length: 12 } });
    expect(lines.at(-1)).toBe('{"type":"session/ended","outcome":{"status":"won","winner":0}}');
  });

  it('verify passes the recording, by the registry', async () => {
    const out: string[] = [];
    const code = await verify(
      [file],
      gameOf,
      (l) => out.push(l),
      (l) => out.push(l),
    );
    expect(out).toEqual([`${file}: race, 2 players (Ann, Bob), 6 events, Ann won`]);
    expect(code).toBe(0);
  });

  it('the recordings browser replays it on the default replay face, and `a` analyses it', async () => {
    const r = renderSized(
      <App
        options={appOptions({
          recordings: {
            list: () => listRecordings(dir, gameOf),
            open: (f, mode) => openRecording(f, mode, gameOf),
          },
          analyse: (game, timeline, names) =>
            startAnalysis(game, timeline, names, { level: 'greedy' }),
        })}
      />,
      80,
      24,
    );
    cleanup = r.unmount;
    const row = menuItems(registeredGames()).findIndex((i) => i.label === 'Recordings') + 1;
    await press(r.stdin, String(row));
    expect(await frameWhen(r.lastFrame, '1 recording')).toMatch(
      /Race +Ann, Bob +\d+ steps Ann won/,
    );
    await press(r.stdin, ENTER);
    expect(await frameWhen(r.lastFrame, 'Turn 1 of')).toContain('The start of the game.');
    await press(r.stdin, END);
    const end = plain(await frameWhen(r.lastFrame, 'the end'));
    expect(end).toContain('Ann ran 6 to 12.');
    // The default face: the race's board beside the panel of its own line over the timeline.
    expect(end).toMatch(/Ann +·{12}A\|/);
    expect(end).toContain('Ann is home');
    await press(r.stdin, 'a');
    const analysed = plain(await frameWhen(r.lastFrame, /chance of winning .* · estimated/));
    // Every decision graded (Bob's creep a blunder), and each runner's summary under the list.
    expect(analysed).toContain("Ann's chance of winning (seat 1) · estimated, level greedy");
    expect(analysed).toContain('Ann ran 6 to 12: the best move.');
    expect(analysed).toMatch(/2 {2}Bob ran 1 to 1\. +\?\?/);
    expect(analysed).toMatch(/Ann: accuracy 100% · loss 0\.0 · luck [+−]\d+\.\d/);
    expect(analysed).toMatch(/Bob: accuracy \d+% · loss [1-9]\d*\.\d · luck [+−]\d+\.\d/);
  });

  it('`madang analyze` reads it: every decision, and a summary of each runner', async () => {
    const read = await readAndAnalyze(file, 'greedy', coreOf);
    if (!read.ok) throw new Error(read.problem);
    const table = read.table();
    expect(table[0]).toBe('Race: Ann, Bob; Ann won.');
    expect(table.join('\n')).toMatch(/^Ann +\d+\.\d +\d+ /m);
    expect(table.join('\n')).toMatch(/^Bob +\d+\.\d +\d+ /m);
    const json = read.json().map((l) => JSON.parse(l) as { kind: string });
    expect(json.filter((d) => d.kind === 'chance')).toHaveLength(3);
    expect(json.at(-1)).toMatchObject({ kind: 'summary', game: 'race' });
  });
});
