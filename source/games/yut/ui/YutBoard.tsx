import { Box } from '../../../render/components.js';
import { SegmentLines } from '../../../ui/Segments.js';
import type { YutState } from '../rules.js';
import { BOARD_HEIGHT, BOARD_WIDTH, boardSegments } from './board-layout.js';
import type { Preview } from './play.js';

export const BOARD_BOX_WIDTH = BOARD_WIDTH + 4;
export const BOARD_BOX_HEIGHT = BOARD_HEIGHT + 2;

export function YutBoard({
  state,
  preview,
  numbers,
}: {
  state: YutState;
  preview?: Preview | undefined;
  numbers?: boolean | undefined;
}) {
  const lines = boardSegments(state, { preview, numbers });
  return (
    <Box
      borderStyle="round"
      paddingX={1}
      flexDirection="column"
      width={BOARD_BOX_WIDTH}
      flexShrink={0}
    >
      <SegmentLines lines={lines} />
    </Box>
  );
}
