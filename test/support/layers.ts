/** A Layers game's recording folded as it is written: the tests read the table's state from it. */
import type { GameEvent } from '../../source/engine/game.js';
import type { Header, Recorder } from '../../source/engine/recording.js';
import {
  type LayersEvent,
  layersGame,
  type LayersOptions,
  type LayersState,
} from '../../source/games/layers/rules.js';

/** `recorder` for the App's options; `state()` the game as recorded so far. */
export function foldedLayers(
  /** Told of each event as it is recorded, with the state it was played in. */
  told?: (event: GameEvent, before: LayersState) => void,
): {
  recorder: (header: Header) => Recorder;
  state: () => LayersState | undefined;
} {
  let state: LayersState | undefined;
  const recorder = (header: Header): Recorder => {
    state = layersGame.setup(header.options as LayersOptions);
    return {
      file: undefined,
      event(event) {
        const before = state as LayersState;
        state = layersGame.reduce(before, event as LayersEvent);
        told?.(event, before);
      },
      takenBack() {},
      end() {},
      explained() {},
      close() {},
      problem: undefined,
    };
  };
  return { recorder, state: () => state };
}
