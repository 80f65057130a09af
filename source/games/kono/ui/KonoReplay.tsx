/** Kono's face in the replay viewer: the play screen's own board as it stood with the last move, the scores, the timeline. */
import { Box, Text } from '../../../render/components.js';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { ReplayPanel, ReplayTail } from '../../../ui/PanelParts.js';
import type { KonoEvent, KonoState } from '../rules.js';
import { boardBoxWidth, KonoBoard } from './KonoBoard.js';
import { konoPanelWidth, roundTable, ScoreLines } from './KonoPanel.js';
import { lastMoveMarks } from './play.js';

export function KonoReplay(props: ReplayScreenProps) {
  const state = props.state as KonoState;
  const panelWidth = konoPanelWidth(props.width, boardBoxWidth(state));
  const ended = state.phase === 'roundOver' || state.phase === 'over';
  const table = ended
    ? roundTable(state, props.names, panelWidth - 4, Math.max(5, props.height - 30))
    : [];
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <KonoBoard
        state={state}
        marks={lastMoveMarks(state, props.events[props.index - 1] as KonoEvent | undefined)}
        height={props.height}
      />
      <ReplayPanel width={panelWidth}>
        <Text dimColor>
          Round {state.round}
          {state.size > 0 ? ` · ${state.size} × ${state.size}` : ''}
        </Text>
        <ScoreLines state={state} names={props.names} width={panelWidth - 4} seats={props.seats} />
        {table}
        <ReplayTail
          timeline={props.timeline}
          width={panelWidth - 4}
          rows={props.height - 14 - table.length}
          notice={props.notice}
          keys={props.keys}
        />
      </ReplayPanel>
    </Box>
  );
}
