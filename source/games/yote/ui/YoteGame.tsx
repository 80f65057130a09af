/** The Yoté play screen: the board with its cursor and marks, and the turn panel, on the shared dispatcher. */
import { Box, Text } from 'ink';
import { useCallback, useMemo } from 'react';
import {
  FRAME_HELP,
  OVER_KEYS,
  type PlayProps,
  resumedLog,
  usePlaySession,
} from '../../../ui/play-session.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { SegmentLines } from '../../../ui/Segments.js';
import { fit, helpLines } from '../../../ui/text.js';
import { PanelTail } from '../../../ui/PanelParts.js';
import { Styled } from '../../../ui/theme.js';
import { yoteCore } from '../core.js';
import { endingWords } from '../describe.js';
import { RULES_TEXT } from '../rules-text.js';
import { COLOUR_NAMES, onBoard, type YoteEvent, type YoteState } from '../rules.js';
import { BOARD_WIDTH, GLYPH, SIDE_SEAT, yoteBoardSegments } from './board-layout.js';
import {
  newYotePlay,
  reduceYotePlay,
  stepWords,
  type YoteAction,
  yoteKey,
  yoteMarks,
  type YotePlay,
} from './play.js';

export const YOTE_HELP: readonly string[] = [
  'Keys',
  '  ← → ↑ ↓    move the cursor (or type a column a–f and a row 1–5: c then 3 is C3)',
  '  Enter      on an empty cell: place a piece there; on one of yours: choose it',
  '             then Enter on a green • steps there, on a red ◎ jumps (attacks)',
  '  Enter      after a jump: on the red piece to take; then on a ◎ to jump again',
  '  s          stop the attack (Enter on the attacking piece stops it too)',
  '  x          drop the chosen piece',
  '  u          take back your last step, with the reply',
  '  h          a hint: the strong computer’s choice and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
];

export function YoteGame(props: PlayProps<YoteState>) {
  const { session, width, height } = props;
  const help = useMemo(() => helpLines(YOTE_HELP, RULES_TEXT, Math.min(width, 90) - 4), [width]);
  const init = useCallback(
    () => resumedLog(newYotePlay(session.initial, session.seats), session),
    [session],
  );
  const { play, helpScroll } = usePlaySession<YoteState, YoteEvent, YotePlay, YoteAction>({
    knowledge: yoteCore,
    props,
    init,
    reduce: reduceYotePlay,
    key: yoteKey,
    helpLines: help,
  });
  const running = play.state.step !== 'over';
  const human = play.seats[play.state.turn]?.kind !== 'computer';
  const segments = yoteBoardSegments(play.state, {
    cursor: running && human ? play.cursor : undefined,
    marks: human ? yoteMarks(play) : undefined,
  });
  const boardWidth = BOARD_WIDTH + 4;
  const panelWidth = Math.max(30, Math.min(56, width - boardWidth));
  return (
    <PlayFrame
      title="Yoté"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
      board={
        <Box
          borderStyle="round"
          paddingX={1}
          flexDirection="column"
          width={boardWidth}
          flexShrink={0}
          alignSelf="flex-start"
        >
          <SegmentLines lines={segments} />
        </Box>
      }
      panel={<YotePanel play={play} width={panelWidth} rows={height} />}
    />
  );
}

/** Both sides in two lines: name, hand, board, lost. */
export function SideLines({
  state,
  names,
  width,
  levels = [],
}: {
  state: YoteState;
  names: readonly string[];
  width: number;
  /** A computer side's level, shown after its counts where the panel has room. */
  levels?: readonly (string | undefined)[];
}) {
  // Glyph and colour take 8 columns, the counts 25: the name gets the rest, up to 12.
  const nameWidth = Math.max(4, Math.min(12, width - 33));
  return (
    <>
      {[0, 1].map((c) => {
        const level = levels[c];
        return (
          <Text key={c} wrap="truncate-end">
            <Styled seat={SIDE_SEAT[c]} bold={c === state.turn}>
              {GLYPH[c]} {(COLOUR_NAMES[c] ?? '').padEnd(5)} {fit(names[c] ?? '', nameWidth)}
            </Styled>
            {` hand ${String(state.hands[c]).padStart(2)} board ${String(onBoard(state, c)).padStart(2)} lost ${String(state.lost[c]).padStart(2)}`}
            {level && 33 + nameWidth + 1 + level.length <= width ? (
              <Text dimColor> {level}</Text>
            ) : null}
          </Text>
        );
      })}
    </>
  );
}

function YotePanel({ play, width, rows }: { play: YotePlay; width: number; rows: number }) {
  const { state, seats } = play;
  const over = state.step === 'over';
  const inner = width - 4;
  const names = seats.map((s) => s.name);
  // 17 fixed lines (borders, turn, sides, rule, notice, keys): the log gets the rest, up to 12.
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      {over && state.ending ? (
        <Text wrap="wrap" bold>
          ★ {endingWords(state.ending, names)}
        </Text>
      ) : (
        <Text wrap="truncate-end">
          <Styled seat={SIDE_SEAT[state.turn]} bold>
            ▶ {seats[state.turn]?.name} ({COLOUR_NAMES[state.turn]})
          </Styled>
          {state.step === 'act' ? ' to play' : ' attacking'}
        </Text>
      )}
      <Text wrap="truncate-end" dimColor={over}>
        {over ? ' ' : `  ${stepWords(play)}`}
      </Text>
      <Text> </Text>
      <SideLines
        state={state}
        names={names}
        width={inner}
        levels={seats.map((s) => (s.kind === 'computer' ? (s.level ?? 'strong') : undefined))}
      />
      <Text dimColor wrap="truncate-end">
        turns without placing or taking: {state.quiet}/{state.options.quietTurns}
      </Text>
      <PanelTail
        log={play.log}
        width={inner}
        rows={Math.max(1, Math.min(12, rows - 17))}
        notice={play.notice}
        keys={
          over
            ? OVER_KEYS
            : ['←→↑↓ cursor · Enter act · s stop · x drop', 'u undo · h hint · ? help · q quit']
        }
      />
    </Box>
  );
}
