/** The Yut play screen: board, turn panel and overlays, and the dispatcher that runs effects. */
import { Box, Text } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { seededRandom } from '../../../engine/random.js';
import { explainMove, hint, yutBot } from '../bot.js';
import type { Key } from '../../../ui/keys.js';
import { useStore } from '../../../ui/store.js';
import type { Recorder } from '../../../storage/recorder.js';
import { check, outcome, type YutEvent, type YutState } from '../rules.js';
import type { ThrowSource } from '../throws.js';
import { Board, BOARD_BOX_HEIGHT, BOARD_BOX_WIDTH } from './Board.js';
import { YUT_HELP } from './help.js';
import {
  newPlay,
  type PlayAction,
  playKey,
  preview,
  reducePlay,
  type Seat,
  type YutPlay,
} from './play.js';
import { TurnPanel } from './TurnPanel.js';

export type AppRequest = 'quit' | 'again' | 'menu' | 'saved';

export interface YutGameProps {
  readonly initial: YutState;
  readonly seats: readonly Seat[];
  readonly throws: ThrowSource;
  readonly width: number;
  readonly height: number;
  /** Where every accepted event, take-back and the end go, as they happen. */
  readonly recorder: Recorder;
  /** A starting log, e.g. for a resumed game. */
  readonly log?: readonly string[] | undefined;
  readonly onRequest: (request: AppRequest, play: YutPlay) => void;
  /** The advanced game: write the game to game_info.txt; the problem in words if it failed. */
  readonly onSave?: ((state: YutState) => string | undefined) | undefined;
  /** Milliseconds a computer waits before each throw or move, so people can follow it. */
  readonly botDelay?: number | undefined;
  /** Seeds the computers' tie-breaks: the same seed and throws, the same game. */
  readonly botSeed?: number | undefined;
  /** Hands this screen's key handler to the app's one input handler. */
  readonly registerKeys: (handler: (key: Key) => void) => void;
}

const PROBE_THROW: YutEvent = { type: 'yut/sticksThrown', sticks: [0, 0, 0, 0] };

export function YutGame({
  initial,
  seats,
  throws,
  width,
  height,
  recorder,
  log,
  onRequest,
  registerKeys,
  onSave,
  botDelay = 700,
  botSeed = 0,
}: YutGameProps) {
  const [play, dispatch, current] = useStore(reducePlay, () => {
    const fresh = newPlay(initial, seats);
    return log ? { ...fresh, log: [...log, ...fresh.log] } : fresh;
  });

  const botRandom = useMemo(() => seededRandom(botSeed ^ 0x2545f491), [botSeed]);
  const bots = useMemo(
    () =>
      seats.map((seat) => (seat.kind === 'computer' ? yutBot(seat.level ?? 'strong') : undefined)),
    [seats],
  );
  const names = useMemo(() => seats.map((s) => s.name), [seats]);

  const act = useCallback(
    (action: PlayAction) => {
      const before = current();
      if (action.type === 'play/hintRequested') {
        if (before.state.phase !== 'move')
          return dispatch({
            type: 'play/noticeShown',
            notice: 'Throw first (Space); then h suggests a move.',
          });
        const advice = hint(before.state, botRandom, names);
        if (!advice) return before;
        const { move, reason } = advice;
        const where = move.from === 0 ? 'a new piece' : `the piece at ${move.from}`;
        return dispatch({
          type: 'play/hintShown',
          selection: { from: move.from, result: move.result },
          notice: `Hint: ${move.result} with ${where}: ${reason}.`,
        });
      }
      if (action.type === 'play/saveRequested') {
        const problem = !onSave
          ? 'Saving belongs to the advanced game (madang yut --advanced).'
          : !before.turnStart || before.state.phase !== 'throw'
            ? 'A game is saved at the start of a turn, before the throw.'
            : onSave(before.state);
        if (problem !== undefined) return dispatch({ type: 'play/noticeShown', notice: problem });
        recorder.close();
        return onRequest('saved', before);
      }
      if (action.type === 'play/throwRequested') {
        // Ask the rules first, so a refused throw never draws from the throw source.
        const problem = check(before.state, PROBE_THROW);
        if (problem !== undefined) return dispatch({ type: 'play/noticeShown', notice: problem });
        const drawn = throws.next();
        if (!drawn.ok) return dispatch({ type: 'play/noticeShown', notice: drawn.problem });
        action = { type: 'yut/sticksThrown', sticks: drawn.sticks };
      }
      if (action.type === 'app/quitConfirmed') return onRequest('quit', before);
      if (action.type === 'app/againRequested') return onRequest('again', before);
      if (action.type === 'app/menuRequested') return onRequest('menu', before);
      const after = dispatch(action);
      if (after.events.length > before.events.length) {
        recorder.event(after.events.at(-1) as YutEvent);
        if (after.state.phase === 'over') recorder.end(outcome(after.state));
      } else if (after.events.length < before.events.length) {
        recorder.takenBack();
      }
      return after;
    },
    [current, dispatch, throws, recorder, onRequest, botRandom, names, onSave],
  );

  // A computer seat throws and moves by itself, at a pace people can follow.
  useEffect(() => {
    const { state, overlay } = play;
    const bot = bots[state.turn];
    if (!bot || overlay !== null || state.phase === 'over') return;
    const timer = setTimeout(() => {
      const now = current();
      if (now.overlay !== null || now.state !== state) return;
      if (state.phase === 'throw') {
        act({ type: 'play/throwRequested' });
        return;
      }
      const { event } = bot.choose(state, botRandom);
      if (event.type !== 'yut/pieceMoved') return;
      act({
        type: 'play/botMoved',
        event,
        reason: `${bot.level}: ${explainMove(state, event, names)}`,
      });
    }, botDelay);
    return () => clearTimeout(timer);
  }, [play, bots, botDelay, botRandom, names, act, current, dispatch]);

  // The app's one input handler calls this. A layout effect runs before any key can arrive.
  useLayoutEffect(() => {
    registerKeys((key: Key) => {
      const action = playKey(current(), key);
      if (action) act(action);
    });
  }, [registerKeys, current, act]);

  if (play.overlay === 'help') return <Help width={width} height={height} />;
  const p = preview(play.state, play.selection);
  const panelWidth = Math.min(width - BOARD_BOX_WIDTH, 56);
  return (
    <Box width={width} height={height} alignItems="center" justifyContent="center">
      <Box flexDirection="column" height={BOARD_BOX_HEIGHT}>
        <Box>
          <Board state={play.state} preview={p} />
          <TurnPanel
            play={play}
            preview={p}
            width={panelWidth}
            height={BOARD_BOX_HEIGHT}
            recording={
              recorder.problem ?? (recorder.file ? `Recording: ${recorder.file}` : undefined)
            }
            keyLines={
              onSave && play.turnStart && play.state.phase === 'throw' && !bots[play.state.turn]
                ? ['Space throw · s save and exit', 'h hint · ? help · q quit']
                : undefined
            }
          />
        </Box>
        {play.overlay === 'quit' ? <QuitBar /> : null}
      </Box>
    </Box>
  );
}

function QuitBar() {
  return (
    <Box position="absolute" marginTop={10} marginLeft={8} borderStyle="double" paddingX={2}>
      <Text bold>Quit this game? </Text>
      <Text>y / Enter: quit · any other key: keep playing</Text>
    </Box>
  );
}

function Help({ width, height }: { width: number; height: number }) {
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      paddingX={2}
      width={Math.min(width, 86)}
      height={height}
    >
      <Text bold>Yut Nori · help</Text>
      {YUT_HELP.map((line, i) => (
        <Text key={i} bold={!line.startsWith(' ') && line !== ''}>
          {line || ' '}
        </Text>
      ))}
      <Text dimColor>Press any key to return to the game.</Text>
    </Box>
  );
}
