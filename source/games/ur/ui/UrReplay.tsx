/** Ur's face in the replay viewer: the play screen's own board, and the timeline beside it. */
import { Box, Text } from '../../../render/components.js';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { Styled } from '../../../ui/theme.js';
import { COLOUR_NAMES, type UrState } from '../rules.js';
import { fit } from '../../../ui/text.js';
import { ReplayPanel, ReplayTail } from '../../../ui/PanelParts.js';
import { UrBoard, urBoardBoxWidth } from './UrBoard.js';
import { seatColourOf } from './seat-colour.js';

export function UrReplay(props: ReplayScreenProps) {
  const state = props.state as UrState;
  const panelWidth = Math.min(52, props.width - urBoardBoxWidth(state));
  const counts = (c: number) => {
    const length = state.rules.board.paths[c]?.length ?? 0;
    const stones = state.stones[c] ?? [];
    return `waiting ${stones.filter((p) => p < 0).length}  off ${stones.filter((p) => p >= length).length}/${state.rules.stones}`;
  };
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <UrBoard state={state} />
      <ReplayPanel width={panelWidth}>
        {[0, 1].map((c) => (
          <Text key={c} wrap="truncate-end">
            <Styled seat={seatColourOf(c)} bold={state.turn === c}>
              {(COLOUR_NAMES[c] ?? '').padEnd(6)} {fit(props.names[c] ?? '', 12)}
            </Styled>{' '}
            {counts(c)}
          </Text>
        ))}
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
