/**
 * The replay viewer's frame (issue 47, item 9), in process: the header names the turn of the move
 * shown last, as the move list marks it; at 80×24 the panel stands at the top of its row beside
 * the board and stays there as you step; `g`'s box covers no border of the board or the panel.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import type { GameEvent } from '../../source/engine/game.js';
import type { LoadedRecording } from '../../source/engine/recording.js';
import { sampleChance, seededRandom } from '../../source/engine/random.js';
import { loadRecording } from '../../source/storage/load.js';
import { appOptions } from '../support/app.js';
import { lookup } from '../support/games.js';
import { frameWhen, KEY, plain, press, renderSized } from '../support/ink.js';
import { ROOT } from '../support/tmux.js';
import { GAME_IDS } from '../../source/games/cores.js';
import { UNFINISHED } from '../../source/ui/ReplayViewer.js';

const SHORT = join(ROOT, 'fixtures', 'recordings', 'short.jsonl');

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function open(recording: LoadedRecording, columns = 80, rows = 24) {
  const r = renderSized(
    <App options={appOptions({ opening: { kind: 'replay', recording } })} />,
    columns,
    rows,
  );
  cleanup = r.unmount;
  return r;
}

/** A game of `id` (its typical options) played at random, seeded, for `steps` events. */
function randomRecording(id: string, steps: number): LoadedRecording {
  const module = lookup(id);
  if (!module) throw new Error(`no game ${id}`);
  const parsed = module.parseOptions(module.typicalOptions);
  if (!parsed.ok) throw new Error(parsed.problem);
  const random = seededRandom(47);
  let state = module.rules.setup(parsed.options as never);
  const events: GameEvent[] = [];
  while (events.length < steps && module.rules.outcome(state).status === 'running') {
    const outcomes = module.rules.chance(state);
    const legal = outcomes
      ? []
      : module.rules.legalEvents(state).filter((e) => !e.type.endsWith('quit'));
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : (legal[random.below(legal.length)] as GameEvent);
    events.push(event);
    state = module.rules.reduce(state, event);
  }
  const seats = module.seatCount(module.typicalOptions as never);
  return {
    file: join(ROOT, 'fixtures', 'recordings', `${id}.jsonl`),
    goodBytes: 0,
    events,
    header: {
      format: 'madang-recording',
      version: 1,
      game: id,
      options: module.typicalOptions,
      players: Array.from({ length: seats }, (_, i) => ({
        name: `Player ${i + 1}`,
        kind: 'human' as const,
      })),
      seed: 47,
      startedAt: '2026-01-01T00:00:00.000Z',
      app: 'madang tests',
    },
  };
}

const headerTurn = (frame: string) => Number(/Turn (\d+) of/.exec(plain(frame))?.[1]);
describe('the replay viewer’s frame', () => {
  it('the header names the turn of the move shown last, as the move list marks it', async () => {
    const loaded = await loadRecording(SHORT, lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    const { timeline } = loaded.recording;
    if (!timeline) throw new Error('no timeline');
    const r = open(loaded.recording);
    await frameWhen(r.lastFrame, 'event 0/');
    // The turn of each event, as the move list writes it (the turn a move is in).
    const turnOf = (event: number) => timeline.turnStarts.filter((start) => start <= event).length;
    for (let shown = 1; shown <= 12; shown++) {
      await press(r.stdin, KEY.Right as string);
      const frame = await frameWhen(r.lastFrame, `event ${shown}/`);
      expect(headerTurn(frame), `after event ${shown}`).toBe(turnOf(shown - 1));
    }
  });

  /** The columns of the leftmost box (the board's) and of the one beside it (the panel's). */
  const boxes = (frame: string) => {
    const lines = plain(frame).split('\n');
    const top = lines.findIndex((line) => line.includes('╭'));
    return { lines, top, board: (lines[top] ?? '').indexOf('╭') };
  };
  const panelTop = (frame: string, column: number) =>
    plain(frame)
      .split('\n')
      .findIndex((line) => [...line][column] === '╭');

  for (const id of GAME_IDS.filter((game) => game !== 'yut')) {
    it(`${id} at 80×24: the panel stands at the top of its row beside the board, and stays as you step`, async () => {
      const r = open(randomRecording(id, 30));
      const first = await frameWhen(r.lastFrame, 'event 0/');
      const { lines, top } = boxes(first);
      // The panel's column: its top corner is on the board's top row, or rows below it.
      const right = [...(lines[top] ?? '')].indexOf('╮');
      const column = right + 1;
      const tops: number[] = [panelTop(first, column)];
      for (let shown = 1; shown <= 8; shown++) {
        await press(r.stdin, KEY.Right as string);
        tops.push(panelTop(await frameWhen(r.lastFrame, `event ${shown}/`), column));
      }
      expect(tops).toEqual(tops.map(() => top));
    });

    it(`${id} at 80×24: g's box covers no border of the board or the panel`, async () => {
      const r = open(randomRecording(id, 30));
      await press(r.stdin, KEY.Right as string, KEY.Right as string);
      const before = plain(await frameWhen(r.lastFrame, 'event 2/')).split('\n');
      await press(r.stdin, 'g');
      const after = plain(await frameWhen(r.lastFrame, /1–\d+: /)).split('\n');
      // g's box: from its top left corner to its bottom right one.
      const top = after.findIndex((line) => line.includes('╔'));
      const bottom = after.findIndex((line) => line.includes('╝'));
      const left = [...(after[top] ?? '')].indexOf('╔');
      const right = [...(after[bottom] ?? '')].indexOf('╝');
      expect(Math.min(top, bottom, left, right)).toBeGreaterThanOrEqual(0);
      // No corner or side of a round box before g is under it.
      const borders: string[] = [];
      before.slice(top, bottom + 1).forEach((line, i) =>
        [...line].slice(left, right + 1).forEach((char, j) => {
          const [row, column] = [top + i, left + j];
          if ('╭╮╰╯'.includes(char) || (char === '│' && isSide(before, row, column)))
            borders.push(`${row}:${column} ${char}`);
        }),
      );
      expect(borders, after.join('\n')).toEqual([]);
    });
  }
});

describe('the replay viewer at the last event', () => {
  for (const id of GAME_IDS) {
    it(`${id}: a recording that stops before the game ended says so, not '■ the end'`, async () => {
      const r = open(randomRecording(id, 6));
      await press(r.stdin, KEY.End as string);
      const frame = plain(await frameWhen(r.lastFrame, 'event 6/6'));
      // On one line at 80 columns, even in Yut's narrow panel.
      expect(frame).toContain(UNFINISHED);
      expect(frame).not.toContain('■ the end');
    });
  }

  it('a finished game still ends with ■ the end', async () => {
    const recording = randomRecording('kono', 10_000);
    const module = lookup('kono');
    const parsed = module?.parseOptions(module.typicalOptions);
    if (!module || !parsed?.ok) throw new Error('no kono');
    const state = recording.events.reduce(
      (s, e) => module.rules.reduce(s, e),
      module.rules.setup(parsed.options as never),
    );
    expect(module.rules.outcome(state).status).not.toBe('running');
    const r = open(recording);
    await press(r.stdin, KEY.End as string);
    const frame = plain(await frameWhen(r.lastFrame, '■ the end'));
    expect(frame).not.toContain(UNFINISHED);
  });
});

/** A `│` that is a box's side: a corner above it in its column, with only sides between. */
function isSide(lines: readonly string[], row: number, column: number): boolean {
  for (let up = row - 1; up >= 0; up--) {
    const char = [...(lines[up] ?? '')][column];
    if (char === '╭' || char === '╮') return true;
    if (char !== '│') return false;
  }
  return false;
}
