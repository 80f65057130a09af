/**
 * A game's play screen and its replay drawn in process (ink-testing-library), without colour: the
 * play screen on a session that starts at `state` with nothing recorded and computers that wait
 * a minute (nothing moves while a test looks), the replay paused at `state`.
 */
import { render } from 'ink-testing-library';
import type { ComponentType } from 'react';
import { NO_RECORDING } from '../../source/engine/recording.js';
import type { Seat } from '../../source/engine/seats.js';
import { KeysProvider } from '../../source/ui/keys-context.js';
import type { PlayProps } from '../../source/ui/play-session.js';
import type { ReplayScreenProps } from '../../source/ui/replay-model.js';
import { ThemeContext } from '../../source/ui/theme.js';

/** A play screen at `state`, its computers waiting a minute, nothing recorded. */
export function playScreen<S>(
  Play: ComponentType<PlayProps<S>>,
  state: S,
  seats: readonly Seat[],
  width: number,
  height: number,
) {
  return (
    <Play
      session={{
        id: 0,
        seed: 1,
        initial: state,
        seats,
        chance: undefined,
        recorder: NO_RECORDING,
        botSeed: 1,
      }}
      width={width}
      height={height}
      botDelay={60_000}
      onRequest={() => {}}
    />
  );
}

export function renderPlay<S>(
  Play: ComponentType<PlayProps<S>>,
  state: S,
  seats: readonly Seat[],
  width: number,
  height: number,
) {
  return render(
    <ThemeContext.Provider value={{ colour: false }}>
      <KeysProvider>{playScreen(Play, state, seats, width, height)}</KeysProvider>
    </ThemeContext.Provider>,
  );
}

export function renderReplay(
  Replay: ComponentType<ReplayScreenProps>,
  state: unknown,
  seats: readonly Seat[],
  width: number,
  height: number,
  timeline: readonly string[],
) {
  return render(
    <ThemeContext.Provider value={{ colour: false }}>
      <Replay
        state={state}
        events={[]}
        index={0}
        stateAt={() => state}
        names={seats.map((s) => s.name)}
        seats={seats}
        timeline={timeline}
        keys={['q quit']}
        notice={null}
        width={width}
        height={height}
      />
    </ThemeContext.Provider>,
  );
}
