/** Yoté's face in the replay viewer: the board as it stood, both sides, and the timeline. */
import { Box } from 'ink';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { SegmentLines } from '../../../ui/Segments.js';
import { ReplayTail } from '../../../ui/PanelParts.js';
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
        <ReplayTail
          timeline={props.timeline}
          width={panelWidth - 4}
          rows={props.height - 12}
          notice={props.notice}
          keys={props.keys}
        />
      </Box>
    </Box>
  );
}
