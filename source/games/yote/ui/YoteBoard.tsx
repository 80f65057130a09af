/**
 * Yoté's board in its box, drawn alike by the play screen and the replay (one component, so a
 * board replayed is the board played): a 5 × 6 grid with its coordinates (columns A–F, row 5 at
 * the top), White ○ and Black ●, the cursor in brackets, and what the chosen piece can do: green
 * dots where it can step, red rings where it can land by jumping, the piece it would jump or the
 * pieces it may take in red, the attack's path so far.
 */
import { BoardBox } from '../../../ui/PlayFrame.js';
import { type Segment, SegmentLines, type Style } from '../../../ui/Segments.js';
import { COLUMNS, EMPTY, ROWS, type YoteState } from '../rules.js';

export type Mark = 'step' | 'land' | 'victim' | 'take' | 'chosen' | 'path';

export interface BoardMarks {
  readonly cursor?: number | undefined;
  readonly marks?: ReadonlyMap<number, Mark> | undefined;
}

/** White in Ur's White colour, Black in its Black (seat colours 3 and 1), glyphs set them apart too. */
export const SIDE_SEAT = [3, 1] as const;
export const GLYPH = ['○', '●'] as const;
const RED = 0;
const GREEN = 2;
const CURSOR = 5;
const DIM: Style = { dim: true };

export function yoteBoardSegments(state: YoteState, view: BoardMarks = {}): Segment[][] {
  const { cursor, marks } = view;
  const lines: Segment[][] = [];
  const rule = (left: string, middle: string, right: string): Segment[] => [
    { text: '   ', style: {} },
    { text: `${left}${Array(COLUMNS).fill('───').join(middle)}${right}`, style: DIM },
  ];
  lines.push([
    { text: '    ', style: {} },
    { text: [...'ABCDEF'.slice(0, COLUMNS)].map((c) => ` ${c} `).join(' '), style: DIM },
  ]);
  lines.push(rule('┌', '┬', '┐'));
  for (let row = ROWS - 1; row >= 0; row--) {
    const line: Segment[] = [{ text: ` ${row + 1} `, style: DIM }];
    for (let column = 0; column < COLUMNS; column++) {
      const cell = row * COLUMNS + column;
      line.push({ text: '│', style: DIM });
      const piece = state.board[cell] ?? EMPTY;
      const mark = marks?.get(cell);
      const here = cursor === cell;
      let text: string;
      let style: Style;
      if (piece !== EMPTY) {
        text = GLYPH[piece] ?? '?';
        const hot = mark === 'victim' || mark === 'take';
        style = {
          seat: hot ? RED : (SIDE_SEAT[piece] ?? 3),
          bold: true,
          inverse: mark === 'chosen' || mark === 'take',
          underline: mark === 'victim',
        };
      } else if (mark === 'step') {
        text = '•';
        style = { seat: GREEN, bold: true };
      } else if (mark === 'land') {
        text = '◎';
        style = { seat: RED, bold: true };
      } else if (mark === 'path') {
        text = '·';
        style = DIM;
      } else {
        text = ' ';
        style = {};
      }
      line.push(
        here ? { text: '[', style: { seat: CURSOR, bold: true } } : { text: ' ', style: {} },
        { text, style },
        here ? { text: ']', style: { seat: CURSOR, bold: true } } : { text: ' ', style: {} },
      );
    }
    line.push({ text: '│', style: DIM });
    lines.push(line);
    lines.push(row === 0 ? rule('└', '┴', '┘') : rule('├', '┼', '┤'));
  }
  return lines;
}

/** The row numbers and the grid, in the box's border and padding. */
export const BOARD_BOX_WIDTH = 4 + COLUMNS * 4 + 1 + 4;

export function YoteBoard({ state, ...view }: { state: YoteState } & BoardMarks) {
  return (
    <BoardBox width={BOARD_BOX_WIDTH}>
      <SegmentLines lines={yoteBoardSegments(state, view)} />
    </BoardBox>
  );
}
