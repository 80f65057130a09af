/** Yoté's panel beside the board: whose turn and what to do, both sides, the quiet turns, the log, the keys. */
import { Box, Text } from '../../../render/components.js';
import { usePanelKeys } from '../../../ui/play-session.js';
import { PanelTail, TurnLine } from '../../../ui/PanelParts.js';
import { fit } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import { endingWords } from '../describe.js';
import { COLOUR_NAMES, onBoard, type YoteState } from '../rules.js';
import { GLYPH, SIDE_SEAT } from './YoteBoard.js';
import { stepWords, type YotePlay } from './play.js';

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

export function YotePanel({ play, width, rows }: { play: YotePlay; width: number; rows: number }) {
  const { state, seats } = play;
  const over = state.step === 'over';
  const keys = usePanelKeys(over, [
    '←→↑↓ cursor · Enter act · s stop · x drop',
    'u undo · h hint · ? help · q quit',
  ]);
  const inner = width - 4;
  const names = seats.map((s) => s.name);
  // 17 fixed lines (borders, turn, sides, rule, notice, keys): the log gets the rest, up to 12.
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      <TurnLine
        ended={over && state.ending ? endingWords(state.ending, names) : null}
        seat={SIDE_SEAT[state.turn]}
        who={`${seats[state.turn]?.name} (${COLOUR_NAMES[state.turn]})`}
        doing={state.step === 'act' ? ' to play' : ' attacking'}
        wrap
      />
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
        keys={keys}
      />
    </Box>
  );
}
