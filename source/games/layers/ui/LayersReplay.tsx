/** Layers' face in the replay viewer: the forest, the last fight and the timeline. */
import { Box, Text } from 'ink';
import { ReplayTail } from '../../../ui/PanelParts.js';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { type LayersState, top } from '../rules.js';
import { fightLines, Forest, layersWidths } from './LayersGame.js';
import { shownOf } from './play.js';

export function LayersReplay(props: ReplayScreenProps) {
  const state = props.state as LayersState;
  const { forest, panel } = layersWidths(props.width);
  const fight = fightLines(state.last, panel - 4);
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <Box borderStyle="round" paddingX={1} flexDirection="column" width={forest} flexShrink={0}>
        <Forest
          state={state}
          rows={props.height - 2}
          width={forest - 4}
          shown={shownOf(state, { open: [], ways: [], room: props.height - 5 })}
        />
      </Box>
      <Box borderStyle="round" paddingX={1} flexDirection="column" width={panel} flexShrink={0}>
        <Text dimColor>
          Round {state.round}
          {top(state) !== null ? ` · player ${(top(state) ?? 0) + 1} on top` : ''}
        </Text>
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
