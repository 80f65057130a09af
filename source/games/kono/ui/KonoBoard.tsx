/**
 * Kono's board in its box, as the seed draws it: drawn alike by the play screen and the replay
 * (one component, so a board replayed is the board played).
 */
import { Text } from '../../../render/components.js';
import { BoardBox } from '../../../ui/PlayFrame.js';
import { SegmentLines } from '../../../ui/Segments.js';
import type { KonoState } from '../rules.js';
import { boardHeight, boardWidth, konoBoardSegments, type Mark } from './board-layout.js';

/** The board's box: the board and its frame, or before the first size is chosen, a note's width. */
export const boardBoxWidth = (state: KonoState) =>
  (state.size === 0 ? 30 : boardWidth(state.size)) + 4;

/** Whether the board needs its compact form (no rows of │) to fit the window's height. */
const compactFor = (size: number, height: number) => boardHeight(size, false) + 2 > height;

interface BoardProps {
  state: KonoState;
  cursor?: readonly [number, number] | undefined;
  marks?: ReadonlyMap<string, Mark> | undefined;
  /** The window's height: a board that would not fit is drawn compact. */
  height: number;
}

/** The board in its box, as the play screen and the replay draw it. */
export function KonoBoard(props: BoardProps) {
  return (
    <BoardBox width={boardBoxWidth(props.state)}>
      <BoardLines {...props} />
    </BoardBox>
  );
}

/** A size's no-break spaces: the box wraps at spaces, and cut "9 / × 9" at 80×24. */
const size = (n: number) => `${n}\u00a0×\u00a0${n}`;
const SIZES_LINE = `The board is ${size(5)}, ${size(7)} or ${size(9)} points, chosen at the start of every round.`;

/** The board, or before the first round's size is chosen, what it will be. */
function BoardLines({ state, cursor, marks, height }: BoardProps) {
  if (state.size === 0)
    return (
      <>
        <Text bold>Round {state.round}</Text>
        <Text> </Text>
        <Text wrap="wrap">{SIZES_LINE}</Text>
      </>
    );
  const segments = konoBoardSegments(state, {
    cursor,
    marks,
    compact: compactFor(state.size, height),
  });
  return <SegmentLines lines={segments} />;
}
