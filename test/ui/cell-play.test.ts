/**
 * The model of a game played by pointing at cells (ui/cell-play.ts), on a game of its own that
 * is not Yoté: three in a row on a 3 × 3 board, each turn a stone placed on an empty cell. The
 * shared keys, the cursor after a move and a hint, the help lines derived from the grid.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../source/engine/game.js';
import { grid } from '../../source/engine/grid.js';
import { cellPlayModel } from '../../source/ui/cell-play.js';

const BOARD = grid(3, 3);
interface Stones {
  readonly board: readonly number[];
  readonly turn: number;
}
type Placed = { readonly type: 'stones/placed'; readonly cell: number };

const rules: Game<Stones, Placed, never> = {
  name: 'stones',
  setup: () => ({ board: Array<number>(9).fill(-1), turn: 0 }),
  check: (state, event) =>
    (event as Placed).type === 'stones/placed' && state.board[(event as Placed).cell] === -1
      ? undefined
      : 'Place on an empty cell.',
  reduce: (state, event) => {
    const board = state.board.slice();
    board[(event as Placed).cell] = state.turn;
    return { board, turn: 1 - state.turn };
  },
  legalEvents: (state) =>
    state.board.flatMap((c, cell) => (c === -1 ? [{ type: 'stones/placed' as const, cell }] : [])),
  chance: () => undefined,
  outcome: (state) => (state.board.includes(-1) ? { status: 'running' } : { status: 'drawn' }),
  toAct: (state) => state.turn,
};

const model = cellPlayModel<Stones, Placed>({
  rules,
  grid: BOARD,
  describe: (_, event, __, names) => [`${names[0]} placed on ${BOARD.names[event.cell]}.`],
  sides: ['Cross', 'Nought'],
  move: 'stone',
  cellsOf: (event) => ({ to: event.cell }),
  held: () => null,
  press: (state, cursor) =>
    state.board[cursor] === -1
      ? { event: { type: 'stones/placed', cell: cursor } }
      : { notice: `${BOARD.names[cursor]} is taken.` },
  help: ['  Enter      place a stone on the cursor'],
});

const seats = [
  { name: 'Ann', kind: 'human' as const },
  { name: 'Bob', kind: 'human' as const },
];

describe('the cell-pointing play model', () => {
  it('starts on the centre, moves by arrows and by a column and a row, asks what Enter means', () => {
    const play = model.init(rules.setup(undefined as never), seats);
    expect(BOARD.names[play.cursor]).toBe('B2');
    expect(play.log).toEqual(['Ann (Cross) to play.']);
    const keyed = (p: typeof play, key: Parameters<typeof model.key>[1]) => {
      const action = model.key(p, key);
      return action ? model.reduce(p, action) : p;
    };
    expect(BOARD.names[keyed(play, 'up').cursor]).toBe('B3');
    expect(BOARD.names[keyed(keyed(play, 'c'), '1').cursor]).toBe('C1');
    const asked = keyed(play, 'enter');
    expect(asked.wanted).toEqual({ type: 'event', event: { type: 'stones/placed', cell: 4 } });
    expect(model.key(play, 'h')).toEqual({ type: 'play/hintRequested' });
    expect(model.key(play, 'u')).toEqual({ type: 'cells/undoRequested' });
  });

  it("after a move the cursor is on the next player's first choice; a hint puts it on its cell", () => {
    const initial = rules.setup(undefined as never);
    const play = model.init(initial, seats);
    const event: Placed = { type: 'stones/placed', cell: 0 };
    const after = rules.reduce(initial, event);
    const told = model.reduce(play, {
      type: 'play/told',
      told: { event, before: initial, after, note: undefined },
    } as never);
    expect(told.state).toBe(after);
    expect(BOARD.names[told.cursor]).toBe('B1');
    expect(told.log.at(-1)).toBe('Ann placed on A1.');
    const taken = model.reduce({ ...told, cursor: 0 }, { type: 'cells/pressed' });
    expect(taken.notice).toBe('A1 is taken.');
    const hinted = model.reduce(told, {
      type: 'play/hintShown',
      event: { type: 'stones/placed', cell: 8 },
      notice: 'Hint: C3.',
    });
    expect([BOARD.names[hinted.cursor], hinted.notice]).toEqual(['C3', 'Hint: C3.']);
  });

  it("the help page's key lines are the shared keys around the game's own, from its grid", () => {
    expect(model.screen.keys.slice(0, 4)).toEqual([
      'Keys',
      '  ← → ↑ ↓    move the cursor (or type a column a–c and a row 1–3: b then 2 is B2)',
      '  Enter      place a stone on the cursor',
      '  x Esc      drop the chosen piece',
    ]);
    expect(model.screen.keys).toContain('  u          take back your last stone, with the reply');
  });
});
