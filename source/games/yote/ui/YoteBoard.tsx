/**
 * Yoté's board in its box, drawn alike by the play screen and the replay (one component, so a
 * board replayed is the board played).
 */
import { Box } from 'ink';
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
    <Box
      borderStyle="round"
      paddingX={1}
      flexDirection="column"
      width={BOARD_BOX_WIDTH}
      flexShrink={0}
      alignSelf="flex-start"
    >
      <SegmentLines lines={yoteBoardSegments(state, { cursor, marks })} />
    </Box>
  );
}
