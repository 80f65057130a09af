/**
 * The Yut board and state as plain text: the classic protocol's 11-line board
 * (rules/yut-classic.md) and a compact summary for tests and the demo.
 */
import { COORDINATES } from './board.js';
import { animalOf, arrived, inHand, occupant, type YutState } from './rules.js';

/** The board's fixed lines with `[ ]` at every station; cell (row, col) starts at column 3·col. */
const BOARD_TEMPLATE = [
  '[ ] - [ ] - [ ] - [ ] - [ ] - [ ]',
  ' | [ ]                     [ ] |',
  '[ ]    .                 .    [ ]',
  ' |       [ ]         [ ]       |',
  '[ ]          .     .          [ ]',
  ' |             [ ]             |',
  '[ ]          .     .          [ ]',
  ' |       [ ]         [ ]       |',
  '[ ]    .                 .    [ ]',
  ' | [ ]                     [ ] |',
  '[ ] - [ ] - [ ] - [ ] - [ ] - [ ]^Start',
];

/** The classic protocol's seat colours: red, bright blue, green, yellow. */
export const ANSI_SEAT_COLOURS = ['\x1b[31m', '\x1b[94m', '\x1b[32m', '\x1b[33m'] as const;
export const ANSI_RESET = '\x1b[0m';

export function paint(text: string, seat: number, colour: boolean): string {
  return colour ? `${ANSI_SEAT_COLOURS[seat % 4]}${text}${ANSI_RESET}` : text;
}

/** The 11 board lines, each station showing the count of pieces on it in the owner's colour. */
export function boardLines(state: YutState, colour = false): string[] {
  const cells = new Map<string, string>();
  for (let position = 1; position <= 29; position++) {
    const who = occupant(state, position);
    if (!who) continue;
    const [row, col] = COORDINATES[position] as readonly [number, number];
    cells.set(`${row},${col}`, paint(String(who.size), who.seat, colour));
  }
  return BOARD_TEMPLATE.map((line, row) =>
    line.replace(/\[ \]/g, (cell, offset: number) => {
      const content = cells.get(`${row},${offset / 3}`);
      return content === undefined ? cell : `[${content}]`;
    }),
  );
}

/** A plain-text picture of the whole state: board, hands, arrivals, whose turn, results. */
export function renderText(state: YutState, names?: readonly string[]): string {
  const name = (seat: number) => names?.[seat] ?? `Player ${seat}`;
  const lines = [...boardLines(state)];
  lines.push('');
  for (let seat = 0; seat < state.rules.players; seat++) {
    const animal = animalOf(state, seat);
    const pieces = [...(state.positions[seat] ?? [])].sort((a, b) => a - b).join(' ');
    lines.push(
      `${name(seat)}${animal ? ` (${animal})` : ''}: in hand ${inHand(state, seat)}, arrived ${arrived(state, seat)}, pieces ${pieces}`,
    );
  }
  if (state.phase === 'over') {
    lines.push(`${name(state.winner ?? 0)} has won.`);
  } else {
    const results = state.results.length > 0 ? state.results.join(' ') : '(none)';
    const doing = state.phase === 'throw' ? 'to throw' : 'to move';
    lines.push(`${name(state.turn)} ${doing}; results: ${results}`);
  }
  return lines.join('\n');
}
