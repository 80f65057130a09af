/**
 * Yoté as a game module: the rules, the bots, the screens and the console, with the endless-game
 * rule (--quiet-turns) as its one option.
 */
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { declaredFlags, gameModule, type MenuEntry, type SetupContext } from '../module.js';
import { runClassicYote } from './classic.js';
import { yoteCore } from './core.js';
import { rulesTextOf } from '../rules-text.js';
import { settingOf, settingsOf } from '../../engine/options.js';
import { YOTE_OPTIONS, type YoteEvent, type YoteOptions, type YoteState } from './rules.js';
import { newYoteSetup, type YoteSetupForm, yoteSetupKey } from './ui/setup-model.js';
import { YotePlayScreen } from './ui/YotePlayScreen.js';
import { YoteReplay } from './ui/YoteReplay.js';
import { YoteSetup } from './ui/YoteSetup.js';

const quietOf = (settings: Readonly<Record<string, unknown>>) =>
  settingOf(YOTE_OPTIONS.quietTurns, settings, 'quietTurns');

const entry: MenuEntry = {
  id: 'yote',
  label: 'Yoté',
  hint: 'two players, 5 × 6 board',
  newForm: ({ settings, kinds }: SetupContext): YoteSetupForm =>
    newYoteSetup(kinds, quietOf(settings)),
  key(form, key) {
    const outcome = yoteSetupKey(form as YoteSetupForm, key);
    if (outcome.type !== 'start') return outcome;
    const options: YoteOptions = { quietTurns: outcome.quietTurns };
    return { type: 'start', start: { options, seats: outcome.seats } };
  },
  View: ({ form }) => <YoteSetup form={form as YoteSetupForm} />,
};

export const yoteModule = gameModule<YoteState, YoteEvent, YoteOptions>({
  ...yoteCore,
  entries: [entry],
  Play: YotePlayScreen,
  Replay: YoteReplay,
  rulesText: rulesTextOf('yote'),
  command: {
    describe: 'Yoté: straight to its setup screen',
    flags: (y: Argv) => declaredFlags(y, YOTE_OPTIONS),
    settings: (argv) => settingsOf(YOTE_OPTIONS, argv),
    entry: () => 'yote',
  },
  classic(io, run) {
    const options: YoteOptions = { quietTurns: quietOf(run.settings) };
    return runClassicYote(io, {
      options,
      kinds: run.kinds,
      botRandom: botRandom(run.botSeed),
      think: run.think,
      recorderFor: (seats) => run.recorderFor(options, null, seats),
      error: run.error,
    });
  },
});
