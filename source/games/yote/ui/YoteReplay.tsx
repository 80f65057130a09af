/** Yoté's face in the replay viewer: the board as it stood, both sides, and the timeline. */
import { Box, Text } from 'ink';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { SegmentLines } from '../../../ui/Segments.js';
import { lastLines } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import type { YoteState } from '../rules.js';
import { BOARD_WIDTH, yoteBoardSegments } from './board-layout.js';
import { SideLines } from './YoteGame.js';

export function YoteReplay(props: ReplayScreenProps) {
  const state = props.state as YoteState;
  const boardWidth = BOARD_WIDTH + 4;
  const panelWidth = Math.max(30, Math.min(56, props.width - boardWidth));
  const marks = new Map(state.chain.map((cell) => [cell, 'path' as const]));
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <Box
        borderStyle="round"
        paddingX={1}
        flexDirection="column"
        width={boardWidth}
        flexShrink={0}
      >
        <SegmentLines lines={yoteBoardSegments(state, { marks })} />
      </Box>
      <Box
        borderStyle="round"
        paddingX={1}
        flexDirection="column"
        width={panelWidth}
        flexShrink={0}
      >
        <SideLines state={state} names={props.names} width={panelWidth - 4} />
        <Text> </Text>
        {lastLines(props.timeline, panelWidth - 4, props.height - 12).map((line, i) => (
          <Text key={i} wrap="truncate-end">
            {line || ' '}
          </Text>
        ))}
        <Text> </Text>
        <Styled colour="yellow">{props.notice ?? ' '}</Styled>
        {props.keys.map((k) => (
          <Text key={k} dimColor>
            {k}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
