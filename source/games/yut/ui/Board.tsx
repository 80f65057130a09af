import { Box, Text } from 'ink';
import { Styled } from '../../../ui/theme.js';
import type { YutState } from '../rules.js';
import { BOARD_HEIGHT, BOARD_WIDTH, boardSegments } from './board-layout.js';
import type { Preview } from './play.js';

export const BOARD_BOX_WIDTH = BOARD_WIDTH + 4;
export const BOARD_BOX_HEIGHT = BOARD_HEIGHT + 2;

export function Board({ state, preview }: { state: YutState; preview?: Preview | undefined }) {
  const lines = boardSegments(state, { preview });
  return (
    <Box
      borderStyle="round"
      paddingX={1}
      flexDirection="column"
      width={BOARD_BOX_WIDTH}
      flexShrink={0}
    >
      {lines.map((segments, y) => (
        <Text key={y}>
          {segments.map((s, i) => (
            <Styled key={i} {...s.style}>
              {s.text}
            </Styled>
          ))}
        </Text>
      ))}
    </Box>
  );
}
