/** Yoté's face in the replay viewer: the play screen's own board as it stood, both sides, and the timeline. */
import { Box } from '../../../render/components.js';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { ReplayPanel, ReplayTail } from '../../../ui/PanelParts.js';
import type { YoteState } from '../rules.js';
import { BOARD_BOX_WIDTH, YoteBoard } from './YoteBoard.js';
import { SideLines } from './YotePanel.js';

export function YoteReplay(props: ReplayScreenProps) {
  const state = props.state as YoteState;
  const panelWidth = Math.max(30, Math.min(56, props.width - BOARD_BOX_WIDTH));
  const marks = new Map(state.chain.map((cell) => [cell, 'path' as const]));
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <YoteBoard state={state} marks={marks} />
      <ReplayPanel width={panelWidth}>
        <SideLines state={state} names={props.names} width={panelWidth - 4} />
        <ReplayTail
          timeline={props.timeline}
          width={panelWidth - 4}
          rows={props.height - 12}
          notice={props.notice}
          keys={props.keys}
        />
      </ReplayPanel>
    </Box>
  );
}
