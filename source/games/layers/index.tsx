/**
 * Layers as a game module: N players (10 or more) in a forest, K turns on top to win; the round's
 * order and every fight's number drawn from the seeded chance source; the seed's console; a full
 * screen with the forest drawn as trees (ui/).
 */
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { seatOf } from '../../engine/seats.js';
import { settingsOf } from '../../engine/options.js';
import { declaredFlags, gameModule, type MenuEntry } from '../module.js';
import { runClassicLayers } from './classic.js';
import { layersCore } from './core.js';
import { rulesTextOf } from '../rules-text.js';
import { LAYERS_OPTIONS, type LayersEvent, type LayersOptions, type LayersState } from './rules.js';
import { LayersPlayScreen } from './ui/LayersPlayScreen.js';
import { LayersReplay } from './ui/LayersReplay.js';
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
  Play: LayersPlayScreen,
  Replay: LayersReplay,
  rulesText: rulesTextOf('layers'),
  command: {
    describe: 'Layers: ten or more players in a forest (straight to its setup screen)',
    flags: (y: Argv) => declaredFlags(y, LAYERS_OPTIONS),
    settings: (argv) => settingsOf(LAYERS_OPTIONS, argv),
    entry: () => 'layers',
  },
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
