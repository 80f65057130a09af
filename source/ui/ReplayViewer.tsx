/** The replay viewer's shell: keys, the timeline, playing; the game's own view draws the rest. */
import { Box, Text } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import type { LoadedRecording } from '../engine/recording.js';
import type { Key } from './keys.js';
import {
  checkpointsOf,
  GOTO_LENGTH,
  newReplay,
  reduceReplay,
  type ReplayFace,
  replayKey,
  SPEEDS,
  stateAt,
  turnAt,
  turnStartsOf,
} from './replay-model.js';
import { useStore } from './store.js';
import { TextField } from './TextField.js';

export const REPLAY_KEYS = ['←→ step · Space play', '+− speed · g go to turn', 'Home/End · q quit'];

export function ReplayViewer({
  recording,
  face,
  width,
  height,
  registerKeys,
  onQuit,
  paused = false,
}: {
  recording: LoadedRecording;
  /** The recorded game's module; undefined when this madang does not have the game. */
  face: ReplayFace | undefined;
  width: number;
  height: number;
  registerKeys: (handler: (key: Key) => void) => void;
  onQuit: () => void;
  /** The window is too small: the viewer is hidden and does not play on. */
  paused?: boolean;
}) {
  const { header, events } = recording;
  const parsed = useMemo(() => face?.parseOptions(header.options), [face, header]);
  const game = parsed?.ok ? face?.rules : undefined;
  const options = parsed?.ok ? parsed.options : undefined;
  const { initial, checkpoints, turnStarts } = useMemo(() => {
    if (!game) return { initial: undefined, checkpoints: [], turnStarts: [0] };
    const start = game.setup(options);
    return {
      initial: start,
      checkpoints: checkpointsOf(game, start, events),
      turnStarts: turnStartsOf(game, start, events),
    };
  }, [game, options, events]);
  const [model, dispatch, current] = useStore(reduceReplay, () =>
    newReplay(turnStarts, events.length),
  );

  useLayoutEffect(() => {
    registerKeys((key) => {
      const action = replayKey(current(), key);
      if (!action) return;
      if (action.type === 'app/quitConfirmed') onQuit();
      else dispatch(action);
    });
  }, [registerKeys, current, dispatch, onQuit]);

  useEffect(() => {
    if (!model.playing || paused) return;
    const timer = setInterval(
      () => dispatch({ type: 'replay/ticked' }),
      1000 / (SPEEDS[model.speed] ?? 2),
    );
    return () => clearInterval(timer);
  }, [model.playing, model.speed, dispatch, paused]);

  const at = useCallback(
    (index: number) => (game ? stateAt(game, checkpoints, events, index) : undefined),
    [game, checkpoints, events],
  );

  if (!game || !face || initial === undefined)
    return <Text>madang cannot show a game of {header.game}.</Text>;
  const names = header.players.map((p) => p.name);
  const state = at(model.index);
  const turns = turnStarts.length;
  const speed = `${SPEEDS[model.speed]} events/s`;
  const where = `Turn ${turnAt(model)} of ${turns} · event ${model.index}/${events.length}`;
  const status = model.playing
    ? `▶ playing, ${speed}`
    : model.index >= events.length
      ? '■ the end'
      : `❚❚ paused (${speed})`;
  const event = model.index > 0 ? events[model.index - 1] : undefined;
  const reason = recording.reasons?.get(model.index - 1);
  const described = event ? face.describe(at(model.index - 1), event, state, names) : [];
  const did = event
    ? [
        ...described.slice(0, 1),
        // The computer's reason under its move, as the game's log showed it when it was played.
        ...(reason === undefined ? [] : [`  (${reason})`]),
        ...described.slice(1),
      ]
    : ['The start of the game.'];
  const notice =
    model.goto !== null
      ? `Go to turn 1 to ${turns}: type it, Enter (Esc: stay)`
      : (model.notice ?? null);
  return (
    <Box flexDirection="column">
      <face.Replay
        state={state}
        events={events}
        index={model.index}
        stateAt={at}
        names={names}
        timeline={[where, status, '', ...did]}
        keys={REPLAY_KEYS}
        notice={notice}
        width={width}
        height={height}
      />
      {model.goto !== null ? (
        <Box position="absolute" marginTop={2} marginLeft={4} borderStyle="double" paddingX={2}>
          <Text bold>Go to turn (1–{turns}): </Text>
          <TextField field={model.goto} focus max={GOTO_LENGTH} />
        </Box>
      ) : null}
    </Box>
  );
}
