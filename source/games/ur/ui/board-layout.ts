/**
 * An Ur board as styled text, drawn from the board file's own shape: each square eight
 * characters wide (`[      ]`, a rosette `[*    *]`, a stone `[  W3  ]`), forbidden squares left
 * empty, and between squares the arrows of each colour's path in that colour (White first,
 * Black second), so both paths can be read off the board.
 */
import type { Segment, Style } from '../../../ui/Segments.js';
import { key } from '../board.js';
import { stoneName } from '../describe.js';
import { squareOf, type UrState } from '../rules.js';
import type { UrPreview } from './play.js';
import { seatColourOf } from './seat-colour.js';

const CELL = 8;
const GAP = 2;
const DIM: Style = { dim: true };

function linkOf(state: UrState, colour: number, r: number, c: number): [number, number] | null {
  const square = state.rules.board.spec[r]?.[c];
  const link = colour === 0 ? square?.next_white : square?.next_black;
  return link ? [link[0], link[1]] : null;
}

export function urBoardSegments(
  state: UrState,
  preview?: UrPreview,
  selected?: number,
  /** Number the empty squares of this colour's path (1 first), as the log names them. */
  numbered?: number,
): Segment[][] {
  const { rows, columns, rosettes, forbidden } = state.rules.board;
  const occupant = new Map<string, { colour: number; stone: number }>();
  for (const colour of [0, 1]) {
    (state.stones[colour] ?? []).forEach((place, stone) => {
      const square = squareOf(state, colour, place);
      if (square) occupant.set(square, { colour, stone });
    });
  }
  const turn = state.turn;
  const path = numbered === undefined ? [] : (state.rules.board.paths[numbered] ?? []);
  const numberOf = new Map(path.map((square, place) => [square, place + 1]));
  const fromSquare =
    selected === undefined
      ? undefined
      : squareOf(state, turn, state.stones[turn]?.[selected] ?? -1);
  const lines: Segment[][] = [];
  for (let r = 0; r < rows; r++) {
    const line: Segment[] = [];
    for (let c = 0; c < columns; c++) {
      const here = key(r, c);
      if (forbidden.has(here)) line.push({ text: ' '.repeat(CELL), style: {} });
      else {
        const star = rosettes.has(here) ? '*' : ' ';
        const who = occupant.get(here);
        const isTarget = preview?.square === here && preview.problem === undefined;
        const number = numberOf.get(here);
        let inner = who
          ? ` ${stoneName(who.colour, who.stone)} `
          : number === undefined
            ? '    '
            : String(number).padStart(3).padEnd(4);
        // [ + star + inner (4) + star + ] = CELL
        let style: Style = who
          ? { seat: seatColourOf(who.colour), bold: true }
          : number === undefined
            ? DIM
            : { seat: seatColourOf(numbered) };
        if (isTarget && preview) {
          inner = `>${stoneName(turn, preview.stone)}<`;
          style =
            preview.captures !== undefined
              ? { seat: seatColourOf(turn), bold: true, inverse: true }
              : { seat: seatColourOf(turn), bold: true, underline: true };
        } else if (here === fromSquare) {
          style = { ...style, inverse: true };
        }
        line.push({ text: `[${star}`, style: rosettes.has(here) ? { bold: true } : DIM });
        line.push({ text: inner, style });
        line.push({ text: `${star}]`, style: rosettes.has(here) ? { bold: true } : DIM });
      }
      if (c < columns - 1) {
        // The gap to the right: White's arrow, then Black's.
        const arrows: Segment[] = [0, 1].map((colour) => {
          const fromHere = linkOf(state, colour, r, c);
          const fromRight = linkOf(state, colour, r, c + 1);
          const text =
            fromHere?.[0] === r && fromHere[1] === c + 1
              ? '→'
              : fromRight?.[0] === r && fromRight[1] === c
                ? '←'
                : ' ';
          return { text, style: { seat: seatColourOf(colour), dim: true } };
        });
        line.push(...arrows.slice(0, GAP));
      }
    }
    lines.push(line);
    if (r < rows - 1) {
      // The row between: each colour's arrow where its path goes down or up.
      const between: Segment[] = [];
      for (let c = 0; c < columns; c++) {
        const arrow = (colour: number) => {
          const down = linkOf(state, colour, r, c);
          const up = linkOf(state, colour, r + 1, c);
          return down?.[0] === r + 1 && down[1] === c
            ? '↓'
            : up?.[0] === r && up[1] === c
              ? '↑'
              : ' ';
        };
        between.push({ text: '   ', style: {} });
        between.push({ text: arrow(0), style: { seat: 3, dim: true } });
        between.push({ text: arrow(1), style: { seat: 1, dim: true } });
        between.push({ text: '   ', style: {} });
        if (c < columns - 1) between.push({ text: ' '.repeat(GAP), style: {} });
      }
      lines.push(between);
    }
  }
  return lines;
}

export const urBoardWidth = (state: UrState) => state.rules.board.columns * (CELL + GAP) - GAP;
export const urBoardHeight = (state: UrState) => state.rules.board.rows * 2 - 1;

export function plainBoard(segments: Segment[][]): string[] {
  return segments.map((line) =>
    line
      .map((s) => s.text)
      .join('')
      .trimEnd(),
  );
}
