/** Ur's face in the replay viewer: the board from its file, and the timeline beside it. */
import { Box, Text } from 'ink';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import { SegmentLines } from '../../../ui/Segments.js';
import { Styled } from '../../../ui/theme.js';
import { COLOUR_NAMES, STONES, type UrState } from '../rules.js';
import { urBoardSegments } from './board-layout.js';

export function UrReplay(props: ReplayScreenProps) {
  const state = props.state as UrState;
  const counts = (c: number) => {
    const length = state.rules.board.paths[c]?.length ?? 0;
    const stones = state.stones[c] ?? [];
    return `waiting ${stones.filter((p) => p < 0).length} · off ${stones.filter((p) => p >= length).length}/${STONES}`;
  };
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <Box borderStyle="round" paddingX={1} flexDirection="column">
        <SegmentLines lines={urBoardSegments(state)} />
      </Box>
      <Box borderStyle="round" paddingX={1} flexDirection="column" width={52}>
        {[0, 1].map((c) => (
          <Text key={c}>
            <Styled seat={c === 0 ? 3 : 1} bold={state.turn === c}>
              {(COLOUR_NAMES[c] ?? '').padEnd(6)} {(props.names[c] ?? '').slice(0, 10).padEnd(10)}
            </Styled>{' '}
            {counts(c)}
          </Text>
        ))}
        <Text> </Text>
        {props.timeline.map((line, i) => (
          <Text key={i}>{line || ' '}</Text>
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
