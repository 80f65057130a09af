/** The Ur play screen: the board from its file and the turn panel, on the shared dispatcher. */
import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo } from 'react';
import {
  FRAME_HELP,
  OVER_KEYS,
  type PlayProps,
  resumedLog,
  usePlaySession,
} from '../../../ui/play-session.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { SegmentLines } from '../../../ui/Segments.js';
import { fit, helpLines, lastLines } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import { urCore } from '../core.js';
import { chanceBeforeRoll, chanceWords, prepareTable, rateMoves, tableFor } from '../perfect.js';
import { placeWords, stoneName } from '../describe.js';
import { RULES_TEXT } from '../rules-text.js';
import { COLOUR_NAMES, type UrEvent, type UrState } from '../rules.js';
import { plainBoard, urBoardSegments } from './board-layout.js';
import {
  choosable,
  newUrPlay,
  reduceUrPlay,
  type UrAction,
  type UrPlay,
  urKey,
  urPreview,
} from './play.js';

export const UR_HELP: readonly string[] = [
  'Keys',
  '  Space      roll the four dice: the roll is how many show a dot, 0 to 4',
  '  ← → ↑ ↓    choose a stone (or press its number, 1 to 7)',
  '  Enter      move the chosen stone; the board first shows >W3< where it lands',
  '  u          take back your last move, with the computer’s reply (never a roll)',
  '  h          a hint: the strong computer’s move and why; where a table is built (madang ur',
  '             solve), the perfect move and your exact chance to win: before the roll → after',
  '  n          number the squares of the path of the player to move (1 is the first square',
  '             a stone enters); the log and the panel name squares by these numbers',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
];

/** A hint with exact chances where a table is built: `Hint: W3 …: 63.2% → 66.0%.` */
export function urHintNotice(state: UrState, event: UrEvent, reason: string): string {
  const table = tableFor(state.rules);
  if (!table || event.type !== 'ur/stoneMoved') return `Hint: ${reason}.`;
  const rated = rateMoves(table, state).find((m) => m.event.stone === event.stone);
  if (!rated) return `Hint: ${reason}.`;
  return `Hint: ${reason}: ${chanceWords(chanceBeforeRoll(table, state), rated.chance)}.`;
}

const DIE = (d: number) => (d === 1 ? '◆' : '◇');

export function UrGame(props: PlayProps<UrState>) {
  const { session, width, height } = props;
  const help = useMemo(() => helpLines(UR_HELP, RULES_TEXT, Math.min(width, 90) - 4), [width]);
  const init = useCallback(
    () => resumedLog(newUrPlay(session.initial, session.seats), session),
    [session],
  );
  // The solved table (if any) is read as the game opens, not by the first hint: 551 MB at seven stones.
  useEffect(() => void prepareTable(session.initial.rules), [session]);
  const { play, helpScroll } = usePlaySession<UrState, UrEvent, UrPlay, UrAction>({
    knowledge: urCore,
    props,
    init,
    reduce: reduceUrPlay,
    key: urKey,
    helpLines: help,
    hintNotice: urHintNotice,
  });

  const preview = urPreview(play.state, play.stone);
  const segments = urBoardSegments(
    play.state,
    preview,
    play.state.phase === 'over' ? undefined : play.stone,
    play.numbers ? play.state.turn : undefined,
  );
  const boardWidth = Math.max(...plainBoard(segments).map((l) => l.length), 20) + 4;
  const panelWidth = Math.min(56, width - boardWidth);
  return (
    <PlayFrame
      title="Royal Game of Ur"
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
      panel={<UrPanel play={play} width={panelWidth} rows={height} />}
    />
  );
}

function UrPanel({ play, width, rows }: { play: UrPlay; width: number; rows: number }) {
  const { state, seats } = play;
  const colour = state.turn;
  const over = state.phase === 'over';
  const preview = urPreview(state, play.stone);
  const seatColour = (c: number) => (c === 0 ? 3 : 1);
  const counts = (c: number) => {
    const length = state.rules.board.paths[c]?.length ?? 0;
    const stones = state.stones[c] ?? [];
    return {
      waiting: stones.filter((p) => p < 0).length,
      off: stones.filter((p) => p >= length).length,
    };
  };
  const options = choosable(state);
  const inner = width - 4;
  // Everything but the log has a fixed height (16 lines with the borders) plus one per stone
  // listed: the log gets what is left of the screen, at least one line, wrapped, never cut.
  const log = lastLines(
    play.log,
    inner,
    Math.max(1, Math.min(8, rows - 16 - (over ? 0 : options.length))),
  );
  const nameWidth = Math.max(6, Math.min(12, inner - 34));
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      {over ? (
        <Styled seat={seatColour(state.winner ?? 0)} bold>
          ★ {seats[state.winner ?? 0]?.name} ({COLOUR_NAMES[state.winner ?? 0]}) wins! ★
        </Styled>
      ) : (
        <Text wrap="truncate-end">
          <Styled seat={seatColour(colour)} bold>
            ▶ {seats[colour]?.name} ({COLOUR_NAMES[colour]})
          </Styled>{' '}
          {state.phase === 'roll' ? 'to roll' : `to move ${state.roll}`}
        </Text>
      )}
      <Text>
        <Text dimColor>Dice </Text>
        {play.lastDice
          ? // Whose roll it shows: a computer's stays in sight after its turn.
            `${play.lastDice.dice.map(DIE).join(' ')}  = ${play.lastDice.dice.reduce<number>((a, d) => a + d, 0)}  (${COLOUR_NAMES[play.lastDice.colour]}'s roll)`
          : state.phase === 'move'
            ? 'rolled before the game was resumed'
            : 'not rolled yet'}
      </Text>
      <Text> </Text>
      {!over &&
        options.map((stone) => {
          const place = state.stones[colour]?.[stone] ?? -1;
          const waiting = (state.stones[colour] ?? []).filter((p) => p < 0).length;
          return (
            <Text
              key={stone}
              wrap="truncate-end"
              inverse={stone === play.stone && state.phase === 'move'}
            >
              {stone === play.stone ? '▸' : ' '} {stoneName(colour, stone)}{' '}
              {place < 0
                ? `off the board (${waiting} waiting)`
                : `on ${placeWords(state, colour, place)}`}
            </Text>
          );
        })}
      <Text wrap="truncate-end" dimColor={preview?.problem !== undefined}>
        <Text dimColor>{'  → '}</Text>
        {preview
          ? (preview.problem ??
            [
              preview.bearsOff ? 'bears off' : `to ${placeWords(state, colour, preview.to ?? -1)}`,
              preview.captures !== undefined
                ? `captures ${stoneName(1 - colour, preview.captures)}`
                : '',
              preview.rosette ? 'rosette: safe, rolls again' : '',
            ]
              .filter(Boolean)
              .join(', '))
          : ''}
      </Text>
      <Text dimColor>{'─'.repeat(Math.max(0, width - 4))}</Text>
      {[0, 1].map((c) => (
        <Text key={c} wrap="truncate-end">
          <Styled seat={seatColour(c)} bold={c === colour}>
            {(COLOUR_NAMES[c] ?? '').padEnd(6)} {fit(seats[c]?.name ?? '', nameWidth)}
          </Styled>
          {` waiting ${counts(c).waiting}  off ${counts(c).off}/${play.state.rules.stones}`}
          {seats[c]?.kind === 'computer' ? (
            <Text dimColor> {seats[c]?.level ?? 'strong'}</Text>
          ) : null}
        </Text>
      ))}
      <Text dimColor>{'─'.repeat(Math.max(0, width - 4))}</Text>
      <Box flexDirection="column" height={log.length} overflow="hidden">
        {log.map((line, i) => (
          <Text key={i} wrap="truncate-end" dimColor={i < log.length - 2}>
            {line || ' '}
          </Text>
        ))}
      </Box>
      <Box height={2} overflow="hidden">
        <Styled colour="yellow">{play.notice ?? ' '}</Styled>
      </Box>
      <Text dimColor>{over ? OVER_KEYS[0] : 'Space roll · ←→ stone · Enter move'}</Text>
      <Text dimColor>{over ? OVER_KEYS[1] : 'u undo · h hint · n · ? help · q quit'}</Text>
    </Box>
  );
}
