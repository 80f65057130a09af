/**
 * Each game's face in the shared screens, by game name: the replay viewer asks here how to draw
 * a state and how to say what an event did, and knows nothing else of any game.
 */
import type { ReactElement } from 'react';
import type { GameEvent } from '../engine/game.js';
import { describeUrEvent } from '../games/ur/describe.js';
import type { UrEvent, UrState } from '../games/ur/rules.js';
import { UrReplay } from '../games/ur/ui/UrReplay.js';
import { describeEvent } from '../games/yut/describe.js';
import type { YutEvent, YutState } from '../games/yut/rules.js';
import { YutReplay } from '../games/yut/ui/YutReplay.js';

export interface ReplayScreenProps {
  readonly state: unknown;
  readonly events: readonly GameEvent[];
  readonly index: number;
  /** The state after any number of events (from the viewer's checkpoints). */
  readonly stateAt: (index: number) => unknown;
  readonly names: readonly string[];
  /** Where we are, and what the current event did. */
  readonly timeline: readonly string[];
  readonly keys: readonly string[];
  readonly notice: string | null;
  readonly width: number;
  readonly height: number;
}

export interface GameView {
  /** What an event did, in the game's words. */
  describe(before: unknown, event: GameEvent, after: unknown, names: readonly string[]): string[];
  readonly ReplayScreen: (props: ReplayScreenProps) => ReactElement;
}

export const VIEWS: Readonly<Record<string, GameView>> = {
  yut: {
    describe: (before, event, after, names) =>
      describeEvent(before as YutState, event as YutEvent, after as YutState, names),
    ReplayScreen: YutReplay,
  },
  ur: {
    describe: (before, event, after, names) =>
      describeUrEvent(before as UrState, event as UrEvent, after as UrState, names),
    ReplayScreen: UrReplay,
  },
};
