/**
 * Ur's board: the board from its file in its box, drawn alike by the play screen and the replay
 * (one component, so a board replayed is the board played).
 */
import { BoardBox } from '../../../ui/PlayFrame.js';
import { SegmentLines } from '../../../ui/Segments.js';
import type { UrState } from '../rules.js';
import { plainBoard, urBoardSegments } from './board-layout.js';
import type { UrPreview } from './play.js';

/**
 * The board's box: its widest line, at least 20, and the frame. A stone, a preview or the
 * squares' numbers never widen a line (every square is eight wide), so the state's board says it.
 */
export const urBoardBoxWidth = (state: UrState) =>
  Math.max(...plainBoard(urBoardSegments(state)).map((l) => l.length), 20) + 4;

export function UrBoard({
  state,
  preview,
  stone,
  numbered,
}: {
  state: UrState;
  /** Where the chosen stone would land. */
  preview?: UrPreview | undefined;
  /** The chosen stone of the player to move. */
  stone?: number | undefined;
  /** Number the squares of this colour's path. */
  numbered?: number | undefined;
}) {
  return (
    <BoardBox width={urBoardBoxWidth(state)}>
      <SegmentLines lines={urBoardSegments(state, preview, stone, numbered)} />
    </BoardBox>
  );
}
