/**
 * The Layers replay: the play screen's own forest (ui/LayersGame.tsx), which alone names the
 * player on top, beside the last fight and the replay's lines.
 */
import { Box, Text } from 'ink';
import { ReplayTail } from '../../../ui/PanelParts.js';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import type { LayersState } from '../rules.js';
import { fightLines, Forest } from './LayersGame.js';

export function LayersReplay(props: ReplayScreenProps) {
  const state = props.state as LayersState;
  const panel = Math.max(36, Math.min(60, props.width - 34));
  const fight = fightLines(state.last, panel - 4);
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <Box borderStyle="round" paddingX={1} flexDirection="column" width={34} flexShrink={0}>
        <Forest state={state} rows={props.height - 2} />
      </Box>
      <Box borderStyle="round" paddingX={1} flexDirection="column" width={panel} flexShrink={0}>
        <Text dimColor>Round {state.round}</Text>
        {fight}
        <ReplayTail
          timeline={props.timeline}
          width={panel - 4}
          rows={props.height - 10 - fight.length}
          notice={props.notice}
          keys={props.keys}
        />
      </Box>
    </Box>
  );
}
