/** The Ur play screen: the board from its file, the turn panel, and the dispatcher of effects. */
import { Box, Text } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { type Random, seededRandom } from '../../../engine/random.js';
import type { Recorder } from '../../../storage/recorder.js';
import type { Key } from '../../../ui/keys.js';
import { useStore } from '../../../ui/store.js';
import { SegmentLines } from '../../../ui/Segments.js';
import { Styled } from '../../../ui/theme.js';
import type { AppRequest } from '../../yut/ui/YutGame.js';
import { explainUrMove, urBot } from '../bot.js';
import { placeWords, stoneName } from '../describe.js';
import { check, COLOUR_NAMES, type Dice, STONES, type UrEvent, type UrState } from '../rules.js';
import { plainBoard, urBoardSegments } from './board-layout.js';
import {
  choosable,
  newUrPlay,
  reduceUrPlay,
  type UrAction,
  type UrPlay,
  type UrSeat,
  urKey,
  urPreview,
} from './play.js';

export const UR_HELP: readonly string[] = [
  'Keys',
  '  Space      roll the four dice: the roll is how many show a dot, 0 to 4',
  '  ← → ↑ ↓    choose a stone (or press its number, 0 to 6, to move it at once)',
  '  Enter      move the chosen stone; the board first shows >W3< where it lands',
  '  u          take back a move while the turn is still yours (after a rosette)',
  '  h          a hint: the strong computer’s move and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  '',
  'Rules (rules/ur.md)',
  '  Each side enters seven stones and runs them along its path to bear them off.',
  '  A stone may not land on its own colour; landing on an opponent sends it back off,',
  '  unless it stands on a rosette [*    *]: there it is safe.',
  '  Landing on a rosette earns another roll. Bearing off takes the exact roll.',
  '  A roll of 0, or one no stone can use, passes the turn. Seven off wins.',
];

const DIE = (d: number) => (d === 1 ? '◆' : '◇');

export interface UrGameProps {
  readonly initial: UrState;
  readonly seats: readonly UrSeat[];
  readonly dice: Random;
  readonly width: number;
  readonly height: number;
  readonly recorder: Recorder;
  readonly onRequest: (request: AppRequest) => void;
  readonly registerKeys: (handler: (key: Key) => void) => void;
  readonly botDelay?: number | undefined;
  readonly botSeed?: number | undefined;
}

export function UrGame({
  initial,
  seats,
  dice,
  width,
  height,
  recorder,
  onRequest,
  registerKeys,
  botDelay = 700,
  botSeed = 0,
}: UrGameProps) {
  const [play, dispatch, current] = useStore(reduceUrPlay, () => newUrPlay(initial, seats));
  const botRandom = useMemo(() => seededRandom(botSeed ^ 0x2545f491), [botSeed]);
  const bots = useMemo(
    () => seats.map((s) => (s.kind === 'computer' ? urBot(s.level ?? 'strong') : undefined)),
    [seats],
  );
  const names = useMemo(() => seats.map((s) => s.name), [seats]);

  const act = useCallback(
    (action: UrAction) => {
      const before = current();
      if (action.type === 'app/quitConfirmed') return onRequest('quit');
      if (action.type === 'app/againRequested') return onRequest('again');
      if (action.type === 'app/menuRequested') return onRequest('menu');
      if (action.type === 'urPlay/hintRequested') {
        if (before.state.phase !== 'move')
          return dispatch({
            type: 'urPlay/noticeShown',
            notice: 'Roll first (Space); then h suggests a move.',
          });
        const { event } = urBot('strong').choose(before.state, botRandom);
        if (event.type !== 'ur/stoneMoved') return before;
        return dispatch({
          type: 'urPlay/hintShown',
          stone: event.stone,
          notice: `Hint: ${explainUrMove(before.state, event, names)}.`,
        });
      }
      if (action.type === 'urPlay/rollRequested') {
        const probe: UrEvent = { type: 'ur/diceRolled', dice: [0, 0, 0, 0] };
        const problem = check(before.state, probe);
        if (problem !== undefined) return dispatch({ type: 'urPlay/noticeShown', notice: problem });
        const roll = [0, 1, 2, 3].map(() => (dice.next() < 0.5 ? 1 : 0)) as unknown as Dice;
        action = { type: 'ur/diceRolled', dice: roll };
      }
      const after = dispatch(action);
      if (after.events.length > before.events.length) {
        recorder.event(after.events.at(-1) as UrEvent);
        if (after.state.phase === 'over')
          recorder.end({ status: 'won', winner: after.state.winner ?? 0 });
      } else if (after.events.length < before.events.length) {
        recorder.takenBack();
      }
      return after;
    },
    [current, dispatch, dice, recorder, onRequest, botRandom, names],
  );

  useEffect(() => {
    const { state, overlay } = play;
    const bot = bots[state.turn];
    if (!bot || overlay !== null || state.phase === 'over') return;
    const timer = setTimeout(() => {
      if (current().state !== state || current().overlay !== null) return;
      if (state.phase === 'roll') return void act({ type: 'urPlay/rollRequested' });
      const { event } = bot.choose(state, botRandom);
      if (event.type !== 'ur/stoneMoved') return;
      act({
        type: 'urPlay/botMoved',
        event,
        reason: `${bot.level}: ${explainUrMove(state, event, names)}`,
      });
    }, botDelay);
    return () => clearTimeout(timer);
  }, [play, bots, botDelay, botRandom, names, act, current]);

  useLayoutEffect(() => {
    registerKeys((key) => {
      const action = urKey(current(), key);
      if (action) act(action);
    });
  }, [registerKeys, current, act]);

  if (play.overlay === 'help') {
    return (
      <Box flexDirection="column" borderStyle="round" paddingX={2} width={Math.min(width, 90)}>
        <Text bold>Royal Game of Ur · help</Text>
        {UR_HELP.map((line, i) => (
          <Text key={i}>{line || ' '}</Text>
        ))}
        <Text dimColor>Press any key to return to the game.</Text>
      </Box>
    );
  }
  const preview = urPreview(play.state, play.stone);
  const segments = urBoardSegments(
    play.state,
    preview,
    play.state.phase === 'over' ? undefined : play.stone,
  );
  const boardWidth = Math.max(...plainBoard(segments).map((l) => l.length), 20) + 4;
  const panelWidth = Math.min(56, width - boardWidth);
  return (
    <Box width={width} height={height} alignItems="center" justifyContent="center">
      <Box flexDirection="column">
        <Box>
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
          <UrPanel play={play} width={panelWidth} rows={height} />
        </Box>
        {play.overlay === 'quit' ? (
          <Box borderStyle="double" paddingX={2}>
            <Text bold>Quit this game? </Text>
            <Text>y / Enter: quit · any other key: keep playing</Text>
          </Box>
        ) : null}
      </Box>
    </Box>
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
  // Everything but the log has a fixed height (16 lines with the borders) plus one per stone
  // listed: the log gets what is left of the screen, at least one line.
  const logLines = Math.max(1, Math.min(6, rows - 16 - (over ? 0 : options.length)));
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
          ? `${play.lastDice.dice.map(DIE).join(' ')}  = ${play.lastDice.dice.reduce<number>((a, d) => a + d, 0)}`
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
            {(COLOUR_NAMES[c] ?? '').padEnd(6)} {(seats[c]?.name ?? '').slice(0, 12).padEnd(12)}
          </Styled>
          {` waiting ${counts(c).waiting} · off ${counts(c).off}/${STONES}`}
          {seats[c]?.kind === 'computer' ? (
            <Text dimColor> · {seats[c]?.level ?? 'strong'}</Text>
          ) : null}
        </Text>
      ))}
      <Text dimColor>{'─'.repeat(Math.max(0, width - 4))}</Text>
      <Box flexDirection="column" height={logLines} overflow="hidden">
        {play.log.slice(-logLines).map((line, i) => (
          <Text key={i} wrap="truncate-end" dimColor={i < Math.min(logLines, play.log.length) - 2}>
            {line}
          </Text>
        ))}
      </Box>
      <Box height={2} overflow="hidden">
        <Styled colour="yellow">{play.notice ?? ' '}</Styled>
      </Box>
      <Text dimColor>
        {over ? 'Enter play again · m menu · q quit' : 'Space roll · ←→ stone · Enter move'}
      </Text>
      <Text dimColor>{over ? ' ' : 'u undo · h hint · ? help · q quit'}</Text>
    </Box>
  );
}
