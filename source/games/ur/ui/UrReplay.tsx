/** Ur's face in the replay viewer: the board from its file, and the timeline beside it. */
import { Box, Text } from 'ink';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { SegmentLines } from '../../../ui/Segments.js';
import { Styled } from '../../../ui/theme.js';
import { COLOUR_NAMES, type UrState } from '../rules.js';
import { fit } from '../../../ui/text.js';
import { ReplayTail } from '../../../ui/PanelParts.js';
import { plainBoard, urBoardSegments } from './board-layout.js';

export function UrReplay(props: ReplayScreenProps) {
  const state = props.state as UrState;
  const segments = urBoardSegments(state);
  const boardWidth = Math.max(...plainBoard(segments).map((l) => l.length), 20) + 4;
  const panelWidth = Math.min(52, props.width - boardWidth);
  const counts = (c: number) => {
    const length = state.rules.board.paths[c]?.length ?? 0;
    const stones = state.stones[c] ?? [];
    return `waiting ${stones.filter((p) => p < 0).length}  off ${stones.filter((p) => p >= length).length}/${state.rules.stones}`;
  };
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <Box
        borderStyle="round"
        paddingX={1}
        flexDirection="column"
        width={boardWidth}
        flexShrink={0}
      >
        <SegmentLines lines={segments} />
      </Box>
      <Box
        borderStyle="round"
        paddingX={1}
        flexDirection="column"
        width={panelWidth}
        flexShrink={0}
      >
        {[0, 1].map((c) => (
          <Text key={c} wrap="truncate-end">
            <Styled seat={c === 0 ? 3 : 1} bold={state.turn === c}>
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
      </Box>
    </Box>
  );
}
