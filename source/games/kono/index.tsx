/**
 * Kono as a game module: the tournament's rules, the dice for the first player (seeded, or a
 * dice file with --dice), the rule-based and search computers, the seed's console and save file,
 * and its full screen (ui/).
 */
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { type SeatKind, seatOf } from '../../engine/seats.js';
import { settingOf, settingsOf } from '../../engine/options.js';
import { declaredFlags, gameModule, type MenuEntry } from '../module.js';
import { runClassicKono } from './classic.js';
import { konoCore, konoTakeBack } from './core.js';
import {
  KONO_OPTIONS,
  type KonoEvent,
  type KonoOptions,
  type KonoState,
  type SavedTournament,
  SEAT_LABELS,
  withDefaults,
} from './rules.js';
import { parseSave } from './save.js';
import { SAVE_FILE, writeSave } from './save-file.js';
import { Text } from '../../render/components.js';
import { playScreen, savedToFile } from '../../ui/PlayScreen.js';
import { replayFace } from '../../ui/ReplayFace.js';
import { boardBoxWidth, KonoBoard } from './ui/KonoBoard.js';
import { KonoPanel, konoPanelWidth, roundTable, ScoreLines } from './ui/KonoPanel.js';
import {
  KONO_HELP,
  konoKey,
  konoMarks,
  lastMoveMarks,
  newKonoPlay,
  reduceKonoPlay,
} from './ui/play.js';
import { KonoSetup } from './ui/KonoSetup.js';
import {
  answerKonoSetup,
  konoAfterSave,
  type KonoSetupForm,
  konoSetupKey,
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
  Play: playScreen(konoCore, {
    keys: KONO_HELP,
    init: (session) => newKonoPlay(session.initial, session.seats, session.log),
    reduce: reduceKonoPlay,
    key: konoKey,
    save: savedToFile,
    saving: (_, { session }) => (session.save ? 'now' : undefined),
    takeBack: konoTakeBack,
    board(play, { height }) {
      const { state } = play;
      const human = play.seats[state.turn]?.kind !== 'computer';
      return (
        <KonoBoard
          state={state}
          cursor={state.phase === 'play' && human ? play.cursor : undefined}
          marks={konoMarks(play)}
          height={height}
        />
      );
    },
    panel: (play, { width, height }) => (
      <KonoPanel
        play={play}
        width={konoPanelWidth(width, boardBoxWidth(play.state))}
        rows={height}
      />
    ),
  }),
  Replay: replayFace<KonoState>({
    // The last move marked, as the play screen marks it.
    board: (state, { events, index, height }) => (
      <KonoBoard
        state={state}
        marks={lastMoveMarks(state, events[index - 1] as KonoEvent | undefined)}
        height={height}
      />
    ),
    panelWidth: (state, width) => konoPanelWidth(width, boardBoxWidth(state)),
    side(state, { names, seats, height }, width) {
      // A round's end shows the rounds' score table.
      const ended = state.phase === 'roundOver' || state.phase === 'over';
      const table = ended ? roundTable(state, names, width, Math.max(5, height - 30)) : [];
      return {
        lines: (
          <>
            <Text dimColor>
              Round {state.round}
              {state.size > 0 ? ` · ${state.size} × ${state.size}` : ''}
            </Text>
            <ScoreLines state={state} names={names} width={width} seats={seats} />
            {table}
          </>
        ),
        timelineRows: height - 14 - table.length,
      };
    },
  }),
  entryOf: (options) => (options.start ? 'kono-resume' : 'kono'),
  // A recording resumed saves to the same slot as a new game.
  saveFor: (_options, _seats, context) => (state) =>
    writeSave(join(context.dataDir, SAVE_FILE), state),
  playAgain(start, swap) {
    const [first, second] = start.seats;
    const seats = swap && first && second ? [second, first] : start.seats;
    const { size, quietMoves } = start.options as KonoOptions;
    const human = seats.findIndex((seat) => seat.kind === 'human');
    // A new tournament with the same seats (never the saved position again), saved as before;
    // the person is asked the tournament's questions wherever they sit.
    return {
      options: withDefaults({ asker: human < 0 ? null : human, size, quietMoves }),
      seats,
      save: start.save,
    };
  },
  command: {
    describe: 'Kono: a tournament against the computer (straight to its setup screen)',
    flags: (y: Argv) =>
      declaredFlags(y, KONO_OPTIONS)
        .option('load', { type: 'string', describe: 'resume a tournament from a Kono save file' })
        .alias('dice', 'throws'),
    settings(argv, readFile) {
      const declared = settingsOf(KONO_OPTIONS, argv);
      if (!declared.ok) return declared;
      const settings: Record<string, unknown> = { ...declared.settings };
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
    // The seed's Computer is the computer (strong, as on the full screen) unless --bots says.
    const kinds: readonly SeatKind[] = run.kinds.length > 0 ? run.kinds : ['human', 'strong'];
    const human = [0, 1].findIndex((seat) => (kinds[seat] ?? 'human') === 'human');
    const options = withDefaults({
      asker: human < 0 ? null : human,
      size: settingOf(KONO_OPTIONS.size, run.settings, 'size'),
      quietMoves: settingOf(KONO_OPTIONS.quietMoves, run.settings, 'quietMoves'),
    });
    const { source, seed } = run.chanceFor(0, options);
    // Recorded by the names the console calls them: the seed's Human and Computer.
    const seats = [0, 1].map((seat) =>
      seatOf(SEAT_LABELS[seat] ?? 'Player', kinds[seat] ?? 'human'),
    );
    return runClassicKono(io, {
      options,
      kinds,
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
