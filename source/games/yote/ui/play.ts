/**
 * The Yoté play screen as a pure model, on the shared one of games played by pointing at cells
 * (ui/cell-play.ts): what Enter (or Space) on the cursor's cell means in the current step (place,
 * choose a piece, step or jump to a marked cell, take a piece, or stop the attack on the
 * attacking piece), the marks the board shows and the words for what the step asks.
 */
import { type CellPlay, cellPlayModel, type Pressed } from '../../../ui/cell-play.js';
import { describeYoteEvent } from '../describe.js';
import {
  BOARD,
  CELL_NAMES,
  cellOf,
  COLOUR_NAMES,
  EMPTY,
  jumpsFrom,
  onBoard,
  stepsFrom,
  type YoteEvent,
  yoteGame,
  type YoteState,
} from '../rules.js';
import type { Mark } from './YoteBoard.js';

export type YotePlay = CellPlay<YoteState, YoteEvent>;

/** The marks the board shows: what the chosen (or pointed-at) piece can do, or what may be taken. */
export function yoteMarks(play: YotePlay): Map<number, Mark> {
  const { state } = play;
  const marks = new Map<number, Mark>();
  if (state.step === 'over') return marks;
  for (const cell of state.chain) marks.set(cell, 'path');
  if (state.step === 'remove') {
    for (let cell = 0; cell < state.board.length; cell++)
      if (state.board[cell] === 1 - state.turn) marks.set(cell, 'take');
    return marks;
  }
  const piece =
    state.step === 'again'
      ? state.attacker
      : (play.chosen ?? (state.board[play.cursor] === state.turn ? play.cursor : null));
  if (piece === null) return marks;
  if (state.step === 'act') for (const to of stepsFrom(state, piece)) marks.set(to, 'step');
  for (const { over, to } of jumpsFrom(state, piece)) {
    marks.set(to, 'land');
    marks.set(over, 'victim');
  }
  marks.set(piece, 'chosen');
  return marks;
}

/** What the current step asks of the player, in a line. */
export function stepWords(play: YotePlay): string {
  const { state } = play;
  const other = COLOUR_NAMES[1 - state.turn];
  switch (state.step) {
    case 'over':
      return '';
    case 'remove':
      return onBoard(state, 1 - state.turn) > 0
        ? `take one more ${other} piece: Enter on it`
        : `none on board: Enter takes from the hand`;
    case 'again':
      return `jump again with ${CELL_NAMES[state.attacker ?? 0]}, or s to stop`;
    case 'act':
      return play.chosen === null
        ? (state.hands[state.turn] ?? 0) > 0
          ? 'place on an empty cell, or choose a piece'
          : 'choose a piece to move or attack with'
        : `${CELL_NAMES[play.chosen]}: ${movesWords(state, play.chosen)}`;
  }
}

/** What the chosen piece can do, as the board marks it. */
function movesWords(state: YoteState, piece: number): string {
  const steps = stepsFrom(state, piece).length > 0;
  const jumps = jumpsFrom(state, piece).length > 0;
  return steps && jumps ? 'step to • or jump to ◎' : jumps ? 'jump to ◎' : 'step to •';
}

/** Enter on the cursor's cell: what it means in the current step. */
function press(state: YoteState, cursor: number, chosen: number | null): Pressed<YoteEvent> {
  const name = CELL_NAMES[cursor] as string;
  const here = state.board[cursor];
  switch (state.step) {
    case 'over':
      return null;
    case 'remove':
      return {
        event: { type: 'yote/removed', cell: onBoard(state, 1 - state.turn) === 0 ? 'hand' : name },
      };
    case 'again':
      if (cursor === state.attacker) return { event: { type: 'yote/stopped' } };
      return {
        event: { type: 'yote/jumped', from: CELL_NAMES[state.attacker ?? 0] as string, to: name },
      };
    case 'act': {
      if (chosen === cursor) return { chosen: null };
      if (here === state.turn)
        return stepsFrom(state, cursor).length === 0 && jumpsFrom(state, cursor).length === 0
          ? { notice: `${name} has no free cell beside it and nothing to jump.` }
          : { chosen: cursor };
      if (chosen === null)
        return here !== EMPTY
          ? {
              notice: `${name} is ${COLOUR_NAMES[1 - state.turn]}'s: choose one of yours, or an empty cell to place on.`,
            }
          : { event: { type: 'yote/placed', cell: name } };
      const from = CELL_NAMES[chosen] as string;
      const jump = jumpsFrom(state, chosen).some((j) => j.to === cursor);
      return { event: { type: jump ? 'yote/jumped' : 'yote/moved', from, to: name } };
    }
  }
}

/**
 * The cells an event names: the piece that moves (`from`, pressed first to make the move) and
 * where it goes, is placed or what it takes (`to`).
 */
function cellsOf(event: YoteEvent): { from?: number | undefined; to?: number | undefined } {
  switch (event.type) {
    case 'yote/placed':
    case 'yote/removed':
      return { to: cellOf(event.cell) };
    case 'yote/moved':
    case 'yote/jumped':
      return { from: cellOf(event.from), to: cellOf(event.to) };
    case 'yote/stopped':
      return {};
  }
}

const model = cellPlayModel<YoteState, YoteEvent>({
  rules: yoteGame,
  grid: BOARD,
  describe: describeYoteEvent,
  sides: COLOUR_NAMES,
  move: 'step',
  cellsOf,
  // The attacking piece, all through its attack.
  held: (state) => state.attacker,
  press,
  keys: (_, key) => (key === 's' ? { type: 'yote/stopped' } : undefined),
  help: [
    '  Enter      on an empty cell: place a piece there; on one of yours: choose it',
    '             then Enter on a green • steps there, on a red ◎ jumps (attacks)',
    '  Enter      after a jump: on the red piece to take; then on a ◎ to jump again',
    '  s          stop the attack (Enter on the attacking piece stops it too)',
  ],
});

export const { init: newYotePlay, reduce: reduceYotePlay, key: yoteKey } = model;
/** The play model as the default play screen takes it: its key lines, start, reducer and keys. */
export const yotePlayScreen = model.screen;
