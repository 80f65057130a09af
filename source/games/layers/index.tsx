/**
 * Layers as a game module: N players (10 or more) in a forest, K turns on top to win; the round's
 * order and every fight's number drawn from the seeded chance source; the seed's console; a full
 * screen with the forest drawn as trees (ui/).
 */
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { seatOf } from '../../engine/seats.js';
import { gameModule, type MenuEntry } from '../module.js';
import { runClassicLayers } from './classic.js';
import { DEFAULT_TURNS, layersCore } from './core.js';
import { rulesTextOf } from '../rules-text.js';
import {
  type LayersEvent,
  type LayersOptions,
  type LayersState,
  MAX_PLAYERS,
  MIN_PLAYERS,
  TURNS_MAX,
  TURNS_MIN,
} from './rules.js';
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

const settingNumber = (
  argv: Readonly<Record<string, unknown>>,
  name: string,
  flag: string,
  min: number,
  max: number,
) => {
  const value = argv[name];
  if (value === undefined) return { ok: true as const, value: undefined };
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? { ok: true as const, value: value as number }
    : { ok: false as const, problem: `${flag} takes a whole number from ${min} to ${max}` };
};

export const layersModule = gameModule<LayersState, LayersEvent, LayersOptions>({
  ...layersCore,
  entries: [entry],
  Play: LayersPlayScreen,
  Replay: LayersReplay,
  rulesText: rulesTextOf('layers'),
  command: {
    describe: 'Layers: ten or more players in a forest (straight to its setup screen)',
    flags: (y: Argv) =>
      y
        .option('players', {
          type: 'number',
          describe: `how many players (${MIN_PLAYERS}–${MAX_PLAYERS})`,
        })
        .option('turns', {
          type: 'number',
          describe: `turns on top to win (${TURNS_MIN}–${TURNS_MAX}, default ${DEFAULT_TURNS})`,
        }),
    settings(argv) {
      const players = settingNumber(argv, 'players', '--players', MIN_PLAYERS, MAX_PLAYERS);
      if (!players.ok) return players;
      const turns = settingNumber(argv, 'turns', '--turns', TURNS_MIN, TURNS_MAX);
      if (!turns.ok) return turns;
      const settings: Record<string, unknown> = {};
      if (players.value !== undefined) settings.players = players.value;
      if (turns.value !== undefined) settings.turns = turns.value;
      return { ok: true, settings };
    },
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
