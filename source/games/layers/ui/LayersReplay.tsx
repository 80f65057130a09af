/**
 * Layers' face in the replay viewer: the play screen's own board (the forest, which alone names
 * the player on top), beside the last fight and the replay's lines.
 */
import { Box, Text } from '../../../render/components.js';
import { ReplayPanel, ReplayTail } from '../../../ui/PanelParts.js';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import type { LayersState } from '../rules.js';
import { LayersBoard, layersWidths } from './LayersBoard.js';
import { fightLines } from './LayersPanel.js';

export function LayersReplay(props: ReplayScreenProps) {
  const state = props.state as LayersState;
  const { panel } = layersWidths(props.width);
  const fight = fightLines(state.last, panel - 4);
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <LayersBoard
        state={state}
        width={props.width}
        height={props.height}
        people={props.seats.map((seat) => seat.kind !== 'computer')}
      />
      <ReplayPanel width={panel}>
        <Text dimColor>Round {state.round}</Text>
        {fight}
        <ReplayTail
          timeline={props.timeline}
          width={panel - 4}
          rows={props.height - 10 - fight.length}
          notice={props.notice}
          keys={props.keys}
        />
      </ReplayPanel>
    </Box>
  );
}
