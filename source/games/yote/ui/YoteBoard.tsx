/**
 * Yoté's board in its box, drawn alike by the play screen and the replay (one component, so a
 * board replayed is the board played).
 */
import { BoardBox } from '../../../ui/PlayFrame.js';
import { SegmentLines } from '../../../ui/Segments.js';
import type { YoteState } from '../rules.js';
import { BOARD_WIDTH, type Mark, yoteBoardSegments } from './board-layout.js';

export const BOARD_BOX_WIDTH = BOARD_WIDTH + 4;

export function YoteBoard({
  state,
  cursor,
  marks,
}: {
  state: YoteState;
  cursor?: number | undefined;
  marks?: ReadonlyMap<number, Mark> | undefined;
}) {
  return (
    <BoardBox width={BOARD_BOX_WIDTH}>
      <SegmentLines lines={yoteBoardSegments(state, { cursor, marks })} />
    </BoardBox>
  );
}
