/** The classic protocol's blocks of text for Yut (rules/yut-classic.md), exactly. */
import { ARRIVED, IN_HAND } from '../board.js';
import { animalOf, type YutState } from '../rules.js';
import { boardLines, paint } from '../text.js';

export const STARS = '*'.repeat(60);
export const MENU_TITLE = '************************   Menu   **************************';
export const DASHES = '-'.repeat(41);

export const BASIC_MENU = [STARS, MENU_TITLE, STARS, '1. game start', '2. end program'];

const line = (text: string) => `${text}\n`;

/** Board, then the state block: pieces not started and arrived, one symbol each, in seat order. */
export function stateBlock(state: YutState, colour: boolean, ids?: readonly string[]): string {
  let text = boardLines(state, colour).map(line).join('');
  text += line(DASHES);
  if (state.rules.animals && ids) {
    text += line(ids.map((id, seat) => `${id}(${animalOf(state, seat)}) `).join(''));
    text += line(DASHES);
  }
  const symbols = (position: number, symbol: string) =>
    state.positions
      .flatMap((pieces, seat) =>
        pieces.filter((p) => p === position).map(() => ` ${paint(symbol, seat, colour)} `),
      )
      .join('');
  // The seed: "There are no blank lines in the output!", so a row of no symbols is left out.
  const row = (symbolRow: string) => (symbolRow === '' ? '' : line(symbolRow));
  text += line('Not started : ');
  text += row(symbols(IN_HAND, '□'));
  text += line('Arrived : ');
  text += row(symbols(ARRIVED, '■'));
  text += line(DASHES);
  return text;
}

/** Whose turn, their pieces (ascending, arrived left out), their results (canonical order). */
export function turnBlock(state: YutState): string {
  const seat = state.turn;
  const pieces = [...(state.positions[seat] ?? [])]
    .filter((p) => p !== ARRIVED)
    .sort((a, b) => a - b);
  return [
    `Player ${seat} turn`,
    `Piece : ${pieces.map((p) => `${p} `).join('')}`,
    `Yut : ${state.results.map((r) => `${r} `).join('')}`,
    'Write down the position of the player to move and yut',
    '(back-do, do, gae, geol, yut, and mo)',
  ]
    .map(line)
    .join('');
}
