/**
 * Kono as a game module: the tournament's rules, the dice for the first player (seeded, or a
 * dice file with --dice), the rule-based and search computers, the seed's console and save file,
 * and its full screen (ui/).
 */
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { seatOf } from '../../engine/seats.js';
import { gameModule, type MenuEntry } from '../module.js';
import { runClassicKono } from './classic.js';
import { konoCore } from './core.js';
import { RULES_TEXT } from './rules-text.js';
import {
  checkOptions,
  DEFAULT_QUIET_MOVES,
  type KonoEvent,
  type KonoOptions,
  type KonoState,
  QUIET_MOVES_MAX,
  QUIET_MOVES_MIN,
  type SavedTournament,
  SIZES,
  withDefaults,
} from './rules.js';
import { parseSave } from './save.js';
import { SAVE_FILE, writeSave } from './save-file.js';
import { KonoGame } from './ui/KonoGame.js';
import { KonoReplay } from './ui/KonoReplay.js';
import { KonoSetup } from './ui/KonoSetup.js';
import {
  answerKonoSetup,
  konoAfterSave,
  type KonoSetupForm,
  konoSetupKey,
  nameFor,
  newKonoSetup,
} from './ui/setup-model.js';

export { parseDiceFile } from './core.js';
export { SAVE_FILE, writeSave } from './save-file.js';

const newEntry: MenuEntry = {
  id: 'kono',
  label: 'Kono',
  hint: 'a tournament of rounds',
  newForm: (context) => newKonoSetup(context, false),
  // A game saved from here comes back to the resume form, which reads the slot.
  afterSave: konoAfterSave,
  key: (form, key) => konoSetupKey(form as KonoSetupForm, key),
  answer: answerKonoSetup,
  View: ({ form }) => <KonoSetup form={form as KonoSetupForm} />,
};

const resumeEntry: MenuEntry = {
  id: 'kono-resume',
  label: 'Resume a Kono game',
  hint: 'from a save file',
  newForm: (context) => newKonoSetup(context, true),
  afterSave: konoAfterSave,
  key: (form, key) => konoSetupKey(form as KonoSetupForm, key),
  answer: answerKonoSetup,
  View: ({ form }) => <KonoSetup form={form as KonoSetupForm} />,
};

export const konoModule = gameModule<KonoState, KonoEvent, KonoOptions>({
  ...konoCore,
  dataFiles: [SAVE_FILE],
  entries: [newEntry, resumeEntry],
  Play: KonoGame,
  Replay: KonoReplay,
  rulesText: RULES_TEXT,
  entryOf: (options) => (options.start ? 'kono-resume' : 'kono'),
  command: {
    describe: 'Kono: a tournament against the computer (straight to its setup screen)',
    flags: (y: Argv) =>
      y
        .option('size', {
          type: 'number',
          describe: 'the board size of every round: 5, 7 or 9 (default: asked)',
        })
        .option('load', { type: 'string', describe: 'resume a tournament from a Kono save file' })
        .option('quiet-moves', {
          type: 'number',
          describe: `the endless-round rule: a round ends after N moves with no capture and no new home point (${QUIET_MOVES_MIN}–${QUIET_MOVES_MAX}, default ${DEFAULT_QUIET_MOVES})`,
        })
        .alias('dice', 'throws'),
    settings(argv, readFile) {
      const settings: Record<string, unknown> = {};
      if (argv.size !== undefined) {
        if (!SIZES.includes(argv.size as never))
          return { ok: false, problem: '--size takes 5, 7 or 9' };
        settings.size = argv.size;
      }
      if (argv.quietMoves !== undefined) {
        const problem = checkOptions({ quietMoves: argv.quietMoves });
        if (problem !== undefined) return { ok: false, problem: `--quiet-moves: ${problem}` };
        settings.quietMoves = argv.quietMoves;
      }
      if (typeof argv.load === 'string') {
        const text = readFile(argv.load);
        if (!text.ok) return { ok: false, problem: text.problem };
        const parsed = parseSave(text.text);
        if (!parsed.ok)
          return { ok: false, problem: `${argv.load}:${parsed.line}: ${parsed.problem}` };
        settings.loaded = { name: argv.load, saved: parsed.saved };
      }
      return { ok: true, settings };
    },
    entry: (settings) => (settings.loaded ? 'kono-resume' : 'kono'),
  },
  classic(io, run) {
    const loaded = run.settings.loaded as { saved: SavedTournament } | undefined;
    const human = [0, 1].findIndex((seat) => (run.kinds[seat] ?? 'human') === 'human');
    const options = withDefaults({
      asker: human < 0 ? null : human,
      size: typeof run.settings.size === 'number' ? run.settings.size : null,
      quietMoves:
        typeof run.settings.quietMoves === 'number' ? run.settings.quietMoves : DEFAULT_QUIET_MOVES,
    });
    const { source, seed } = run.chanceFor(0, options);
    const seats = [0, 1].map((seat) => {
      const kind = run.kinds[seat] ?? 'human';
      return seatOf(nameFor(seat, kind), kind);
    });
    return runClassicKono(io, {
      options,
      kinds: run.kinds,
      dice: source,
      botRandom: botRandom(seed ?? run.botSeed),
      think: run.think,
      loaded: loaded?.saved,
      readFile: run.readFile,
      writeSave,
      recorderFor: (o) => run.recorderFor(o, seed, seats),
      error: run.error,
    });
  },
});
