/**
 * AppOptions for component tests: the games registered when it is called (or others), nothing
 * recorded on disk.
 */
import type { AppOptions, Opening } from '../../source/app/App.js';
import { SessionFactory } from '../../source/table/session.js';
import type { ChanceSource } from '../../source/engine/chance.js';
import { type Header, NO_RECORDING, type Recorder } from '../../source/engine/recording.js';
import { registeredGames } from '../../source/games/index.js';
import type { AnyGameModule, Settings } from '../../source/games/module.js';
import type { SeatKind } from '../../source/engine/seats.js';

export interface TestApp {
  readonly games?: readonly AnyGameModule[];
  readonly opening?: Opening;
  readonly seed?: number;
  readonly scripted?: ChanceSource;
  readonly settings?: Settings;
  readonly kinds?: readonly SeatKind[];
  readonly recordings?: AppOptions['recordings'];
  /** Where recordings go (by default nowhere). */
  readonly recorder?: (header: Header) => Recorder;
  readonly freshSeed?: () => number;
  readonly botDelay?: number;
  readonly dataDir?: string;
  /** How the replay's `a` analyses (by default it cannot). */
  readonly analyse?: AppOptions['analyse'];
}

export function appOptions(test: TestApp = {}): AppOptions {
  return {
    games: test.games ?? registeredGames(),
    opening: test.opening ?? { kind: 'menu' },
    sessions: new SessionFactory({
      seed: test.seed,
      scripted: test.scripted,
      app: 'madang test',
      openRecorder: test.recorder ?? (() => NO_RECORDING),
      appendRecorder: () => NO_RECORDING,
      freshSeed: test.freshSeed ?? (() => 1),
      now: () => new Date('2026-11-22T12:00:00Z'),
    }),
    setupContext: () => ({
      settings: test.settings ?? {},
      kinds: test.kinds ?? [],
      dataDir: test.dataDir ?? '/nonexistent',
      warn: () => {},
    }),
    recordings: test.recordings,
    botDelay: test.botDelay,
    analyse: test.analyse,
  };
}
