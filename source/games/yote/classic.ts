/**
 * Yoté's plain console, in the spirit of the seed's use cases: the players give their names and
 * choose their colours, then each turn shows the board with its coordinates and asks for one
 * action (place, move or attack); an attack asks for the extra piece to take and whether to jump
 * again. A refused answer gets the reason and the same question again. A face of the default
 * console (classic/game-console.ts): the same loop, table, recording and bots.
 */
import { type ConsoleFace, namedSeat } from '../../classic/game-console.js';
import type { ClassicIO } from '../../classic/lines.js';
import { ask, shown } from '../../classic/prompts.js';
import type { Seat, SeatKind } from '../../engine/seats.js';
import { endingWords } from './describe.js';
import {
  BOARD,
  CELL_NAMES,
  cellOf,
  COLOUR_NAMES,
  COLUMNS,
  EMPTY,
  onBoard,
  type YoteEvent,
  type YoteState,
} from './rules.js';

const PIECE = ['W', 'B'];

/** The board with its coordinates, row 5 at the top as on the full screen. */
export const yoteBoardText = (state: YoteState): string =>
  BOARD.text((cell) => PIECE[state.board[cell] ?? EMPTY] ?? '.');

/** An action typed at the console: `place C3`, `move C3 C4`, `attack C3 C5`, or just the cells. */
export function parseAction(answer: string): YoteEvent | string {
  const cells = wordsOf(answer);
  const verb = /^[A-Z]{2,}$/.test(cells[0] ?? '') ? cells.shift() : undefined;
  const bad = cells.find((c) => cellOf(c) === undefined);
  if (bad !== undefined)
    return `${shown(bad)} is not a cell: columns A to F, rows 1 to 5 (such as C3)`;
  const [a, b] = cells;
  const distance = a && b ? Math.abs((cellOf(a) as number) - (cellOf(b) as number)) : Number.NaN;
  const jumpLike = distance === 2 || distance === 2 * COLUMNS;
  switch (verb) {
    case undefined:
      if (cells.length === 1 && a) return { type: 'yote/placed', cell: a };
      if (cells.length === 2 && a && b)
        return jumpLike
          ? { type: 'yote/jumped', from: a, to: b }
          : { type: 'yote/moved', from: a, to: b };
      break;
    case 'PLACE':
    case 'P':
      if (cells.length === 1 && a) return { type: 'yote/placed', cell: a };
      return 'place takes one cell, such as: place C3';
    case 'MOVE':
    case 'STEP':
      if (cells.length === 2 && a && b) return { type: 'yote/moved', from: a, to: b };
      return 'move takes two cells, such as: move C3 C4';
    case 'ATTACK':
    case 'JUMP':
      if (cells.length === 2 && a && b) return { type: 'yote/jumped', from: a, to: b };
      return 'attack takes the piece and where it lands, such as: attack C3 C5';
    default:
      return `${shown(verb.toLowerCase())} is not an action: place, move or attack`;
  }
  return 'write place C3, move C3 C4 or attack C3 C5';
}

/** Player 1 chooses a colour; player 2 plays the other (the seed's "Starting game"). */
async function colouredSeats(io: ClassicIO, kinds: readonly SeatKind[]): Promise<Seat[]> {
  const first = await namedSeat(io, kinds[0] ?? 'human', 0);
  const question = `${first.name}, which colour will you play, white or black? `;
  const colour = first.kind === 'human' ? await ask(io, question, colourAnswer) : 0;
  const second = await namedSeat(io, kinds[1] ?? 'human', 1);
  const seats = colour === 0 ? [first, second] : [second, first];
  for (const c of [0, 1])
    io.write(`${seats[c]?.name} plays ${COLOUR_NAMES[c]}${c === 0 ? ' and moves first' : ''}.\n`);
  return seats;
}

/** The counts of both sides, under the board. */
const status = (s: YoteState, names: readonly string[]) =>
  [0, 1]
    .map(
      (c) =>
        `${COLOUR_NAMES[c]} (${names[c]}): ${s.hands[c]} in hand, ${onBoard(s, c)} on the board, ${s.lost[c]} lost`,
    )
    .join('\n');

export const yoteConsole: ConsoleFace<YoteState, YoteEvent> = {
  seats: colouredSeats,
  // The board once a turn, before its action (not again before a removal or another jump).
  board: (state, names) =>
    state.step === 'act' ? `\n${yoteBoardText(state)}${status(state, names)}\n` : undefined,
  forced: (state) =>
    state.step === 'remove' && onBoard(state, 1 - state.turn) === 0
      ? {
          event: { type: 'yote/removed', cell: 'hand' },
          line: `${COLOUR_NAMES[1 - state.turn]} has no pieces on the board: one is taken from the hand.`,
        }
      : undefined,
  question(state, names) {
    const colour = state.turn;
    const who = `${names[colour]} (${COLOUR_NAMES[colour]})`;
    return state.step === 'act'
      ? `${who}, your action (place C3, move C3 C4, attack C3 C5): `
      : state.step === 'remove'
        ? `${who}, take which ${COLOUR_NAMES[1 - colour]} piece? `
        : `${who}, jump again from ${CELL_NAMES[state.attacker ?? 0]} (a cell to land on) or stop: `;
  },
  parse: parseIn,
  typed: answerFor,
  said: (line) => !line.startsWith('A draw') && !line.includes(' wins: '),
  end: (state, names) =>
    `\n${yoteBoardText(state)}${status(state, names)}\n${state.ending ? `${endingWords(state.ending, names)}\n` : ''}`,
};

/** An answer's words in capitals, apart at spaces, commas and dashes ("c3-c4" is C3 and C4). */
const wordsOf = (answer: string) =>
  answer
    .toUpperCase()
    .split(/[\s,-]+/)
    .filter(Boolean);

/** Player 1's colour, white or black. */
function colourAnswer(answer: string) {
  if (/^w(hite)?$/i.test(answer)) return { ok: true as const, value: 0 };
  if (/^b(lack)?$/i.test(answer)) return { ok: true as const, value: 1 };
  return {
    ok: false as const,
    problem: `${answer === '' ? 'nothing' : shown(answer)} is not white or black`,
  };
}

/** An answer read in the current step: removals are one cell, the chain's answers a cell or stop. */
function parseIn(state: YoteState, answer: string): YoteEvent | string {
  if (state.step === 'remove') {
    const cell = answer.toUpperCase();
    if (cell === 'HAND') return { type: 'yote/removed', cell: 'hand' };
    return cellOf(cell) === undefined
      ? `${answer === '' ? 'nothing' : shown(answer)} is not a cell: write one such as E2`
      : { type: 'yote/removed', cell };
  }
  if (state.step === 'again') {
    if (/^(stop|s|no|n|)$/i.test(answer)) return { type: 'yote/stopped' };
    const to = wordsOf(answer).at(-1) ?? '';
    if (cellOf(to) === undefined)
      return `${shown(answer)} is not a cell: write where the piece lands (such as E5), or stop`;
    return { type: 'yote/jumped', from: CELL_NAMES[state.attacker ?? 0] as string, to };
  }
  return parseAction(answer);
}

/** What a person would have typed for an event. */
function answerFor(event: YoteEvent): string {
  switch (event.type) {
    case 'yote/placed':
      return `place ${event.cell}`;
    case 'yote/moved':
      return `move ${event.from} ${event.to}`;
    case 'yote/jumped':
      return `attack ${event.from} ${event.to}`;
    case 'yote/removed':
      return event.cell;
    case 'yote/stopped':
      return 'stop';
  }
}
