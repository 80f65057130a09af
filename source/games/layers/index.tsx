/**
 * Layers as a game module: N players (10 or more) in a forest, K turns on top to win; the round's
 * order and every fight's number drawn from the seeded chance source; the seed's console; a full
 * screen with the forest drawn as trees (ui/).
 */
import { botRandom } from '../../engine/random.js';
import { seatOf } from '../../engine/seats.js';
import { declaredCommand, gameModule, type MenuEntry } from '../module.js';
import { runClassicLayers } from './classic.js';
import { layersCore } from './core.js';
import { LAYERS_OPTIONS, type LayersEvent, type LayersOptions, type LayersState } from './rules.js';
import { Text } from '../../render/components.js';
import { playScreen } from '../../ui/PlayScreen.js';
import { replayFace } from '../../ui/ReplayFace.js';
import { forestRoom, LayersBoard, LayersPlayBoard, layersWidths } from './ui/LayersBoard.js';
import { fightLines, LayersPanel } from './ui/LayersPanel.js';
import {
  LAYERS_HELP,
  type LayersAction,
  layersKey,
  type LayersPlay,
  newLayersPlay,
  reduceLayersPlay,
  toldLayersPlay,
} from './ui/play.js';
import { LayersSetup } from './ui/LayersSetup.js';
import { type LayersSetupForm, layersSetupKey, newLayersSetup } from './ui/setup-model.js';

const entry: MenuEntry = {
  id: 'layers',
  label: 'Layers',
  hint: 'ten or more, in a forest',
  newForm: newLayersSetup,
  key: (form, key) => layersSetupKey(form as LayersSetupForm, key),
  View: ({ form, width }) => <LayersSetup form={form as LayersSetupForm} width={width} />,
};

export const layersModule = gameModule<LayersState, LayersEvent, LayersOptions>({
  ...layersCore,
  entries: [entry],
  /**
   * On the left the forest, what matters to the person first (their own place and its way up to
   * the root, whom they may fight), then the trees, folded at more than twenty players to one line
   * a tree but for the ways to the person, the player to act and the cursor. Beside it the turn,
   * the round's order, the cursor's player's status and the odds of fighting it, the last fight,
   * the log and the keys. Both panels widen with the window.
   */
  Play: playScreen<LayersState, LayersEvent, LayersPlay, LayersAction>(layersCore, {
    keys: LAYERS_HELP,
    // A served screen is its own seat's (none: a spectator's), not the player to act's.
    init: (session, shared) =>
      newLayersPlay(session.initial, session.seats, session.log, shared?.view.seats),
    reduce: reduceLayersPlay,
    key: layersKey,
    hurry: (play) => play.hurry,
    told: toldLayersPlay,
    // The forest's rows (less its head of up to five lines): trees open while they fit.
    fitted: (height) => ({ type: 'layersPlay/roomSet', rows: forestRoom(height) }),
    board: (play, { width, height }) => (
      <LayersPlayBoard play={play} width={width} height={height} />
    ),
    panel: (play, { width, height }) => (
      <LayersPanel play={play} width={layersWidths(width).panel} rows={height} />
    ),
  }),
  // The forest alone names the player on top; beside it the last fight.
  Replay: replayFace<LayersState>({
    board: (state, { width, height, seats }) => (
      <LayersBoard
        state={state}
        width={width}
        height={height}
        people={seats.map((seat) => seat.kind !== 'computer')}
      />
    ),
    panelWidth: (_, width) => layersWidths(width).panel,
    side(state, { height }, width) {
      const fight = fightLines(state.last, width);
      return {
        lines: (
          <>
            <Text dimColor>Round {state.round}</Text>
            {fight}
          </>
        ),
        timelineRows: height - 10 - fight.length,
      };
    },
  }),
  command: declaredCommand(
    'layers',
    LAYERS_OPTIONS,
    'Layers: ten or more players in a forest (straight to its setup screen)',
  ),
  classic(io, run) {
    let seed: number | null = null;
    return runClassicLayers(io, {
      players: run.settings.players as number | undefined,
      turns: run.settings.turns as number | undefined,
      kinds: run.kinds,
      chanceFor: (options) => {
        const chosen = run.chanceFor(0, options);
        seed = chosen.seed;
        return chosen.source;
      },
      botRandom: botRandom(run.botSeed),
      think: run.think,
      error: run.error,
      recorderFor: (options) =>
        run.recorderFor(
          options,
          seed,
          Array.from({ length: options.players }, (_, p) => {
            const kind = run.kinds[p] ?? 'human';
            return seatOf(`Player ${p}`, kind);
          }),
        ),
    });
  },
});
