/**
 * Yut Nori as a game module: the rules, the throws, the bots, the screens (basic and advanced),
 * the seed's console, and its files (accounts, saved games, `madang users add`).
 */
import { Box } from '../../render/components.js';
import type { Argv } from 'yargs';
import { safeText } from '../../engine/safe-text.js';
import { seatOf, type SeatKind } from '../../engine/seats.js';
import { settingsOf } from '../../engine/options.js';
import { setupEntry } from '../../ui/SetupForm.js';
import { namedTwice } from '../../ui/seats-form.js';
import { newSetupForm, setupFormKey, setupRows, setupSpecOf } from '../../ui/setup-form.js';
import { Styled } from '../../ui/theme.js';
import { declaredFlags, gameModule, type MenuEntry, type SetupContext } from '../module.js';
import { runClassicAdvanced } from './classic/advanced.js';
import { type ClassicYutOptions, runClassicYut } from './classic/console.js';
import { yutCore } from './core.js';
import { ACCOUNTS_FILE, SAVES_FILE, YutFiles } from './files.js';
import { YUT_OPTIONS, type YutEvent, type YutOptions, type YutState } from './rules.js';
import type { seededThrows } from './throws.js';
import { Advanced } from './ui/Advanced.js';
import { type AdvancedModel, advancedKey, newAdvanced } from './ui/advanced-model.js';
import { answerAdvanced, saverFor } from './ui/advanced-files.js';
import type { Session } from '../../table/session.js';
import { resumedLog } from '../../ui/play-session.js';
import { playScreen } from '../../ui/PlayScreen.js';
import { SAVE_KEYS, YUT_HELP, yutHintNotice } from './ui/help.js';
import { newPlay, playKey, preview, reducePlay, type YutPlay } from './ui/play.js';
import { BOARD_BOX_HEIGHT, BOARD_BOX_WIDTH, YutBoard } from './ui/YutBoard.js';
import { YutPanel } from './ui/YutPanel.js';
import { SEAT_LETTERS } from './ui/board-layout.js';
import { YutReplay } from './ui/YutReplay.js';
import { addUser } from './users.js';

const number = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

/** The counts come first (the players decide the seats); a digit typed on one sets it. */
export const yutSetupSpec = setupSpecOf(yutCore, {
  optionsFirst: true,
  digits: true,
  refuse(_form, names, rowOf) {
    const twice = namedTwice(names);
    if (twice === undefined) return undefined;
    return {
      focus: rowOf({ seat: twice, part: 'name' }),
      cursor: [...(names[twice] ?? '')].length,
      problem: `Two seats are called ${names[twice]}.`,
    };
  },
});

const basic: MenuEntry = {
  ...setupEntry({
    id: 'yut',
    label: 'Yut Nori',
    hint: '2–4 players, hot-seat',
    spec: yutSetupSpec,
    look: {
      title: 'Yut Nori · new game',
      width: 62,
      labelWidth: 16,
      seatLabel: (seat) => `Seat ${seat + 1} name`,
      mark: (_form, seat) => (
        <>
          <Styled seat={seat} bold>
            {SEAT_LETTERS[seat]}
          </Styled>{' '}
        </>
      ),
      startInRow: true,
    },
  }),
  // --players and --pieces settle the setup (names take their defaults, --bots the seats): the
  // game starts at once, seated as Start on the form would seat it.
  settled: ({ settings, kinds }) => {
    const players = number(settings.players);
    const pieces = number(settings.pieces);
    if (players === undefined || pieces === undefined) return undefined;
    const form = newSetupForm(yutSetupSpec, undefined, { players, pieces }, kinds);
    const focus = setupRows(yutSetupSpec, form).length - 1;
    const outcome = setupFormKey(yutSetupSpec, { ...form, focus }, 'enter');
    return outcome.type === 'start'
      ? { options: { players, pieces }, seats: outcome.seats }
      : undefined;
  },
};

interface AdvancedForm {
  readonly model: AdvancedModel;
  readonly dataDir: string;
}

const advanced: MenuEntry = {
  id: 'yut-advanced',
  label: 'Yut Nori · advanced',
  hint: 'login, animals, save',
  newForm: ({ dataDir }: SetupContext): AdvancedForm => ({ model: newAdvanced(), dataDir }),
  afterSave: ({ dataDir }: SetupContext): AdvancedForm => ({
    model: newAdvanced('Game saved successfully!'),
    dataDir,
  }),
  key(form, key) {
    const { model, request } = advancedKey((form as AdvancedForm).model, key);
    const next: AdvancedForm = { ...(form as AdvancedForm), model };
    return request ? { type: 'request', form: next, request } : { type: 'form', form: next };
  },
  answer(form, request, context) {
    const { model, dataDir } = form as AdvancedForm;
    // Problems with the files are shown on the screen where they matter, and told at exit.
    const warnings: string[] = [];
    const answer = answerAdvanced(
      model,
      request as Parameters<typeof answerAdvanced>[1],
      new YutFiles(dataDir),
      (message) => {
        warnings.push(message);
        context.warn(message);
      },
    );
    if (answer.kind === 'left') return { type: 'back' };
    if (answer.kind === 'ended') return { type: 'exit' };
    if (answer.kind === 'model')
      return { type: 'form', form: { model: { ...answer.model, warnings }, dataDir } };
    if (answer.usedSave) context.saveUsed?.(answer.usedSave);
    return {
      type: 'start',
      start: {
        options: answer.options,
        seats: answer.seats,
        save: answer.onSave as (state: unknown) => string | undefined,
        log: answer.log,
      },
    };
  },
  View: ({ form }) => (
    <Box>
      <Advanced model={(form as AdvancedForm).model} dataDir={(form as AdvancedForm).dataDir} />
    </Box>
  ),
};

/** The start of a person's turn in an advanced game, before the throw: where it can be saved. */
const savable = (play: YutPlay, session: Session<YutState>) =>
  session.save !== undefined &&
  play.turnStart &&
  play.state.phase === 'throw' &&
  session.seats[play.state.turn]?.kind !== 'computer';

export const yutModule = gameModule<YutState, YutEvent, YutOptions>({
  ...yutCore,
  dataFiles: [ACCOUNTS_FILE, SAVES_FILE],
  entries: [basic, advanced],
  Play: playScreen(yutCore, {
    keys: YUT_HELP,
    init: (session) => resumedLog(newPlay(session.initial, session.seats), session),
    reduce: reducePlay,
    key: playKey,
    save: (session) => (play) =>
      !session.save
        ? 'Saving belongs to the advanced game (madang yut --advanced).'
        : !play.turnStart || play.state.phase !== 'throw'
          ? 'A game is saved at the start of a turn, before the throw.'
          : session.save(play.state),
    saving: (play, { session }) =>
      session.save ? (savable(play, session) ? 'now' : 'later') : undefined,
    hintNotice: yutHintNotice,
    board: (play) => (
      <YutBoard
        state={play.state}
        preview={preview(play.state, play.selection)}
        numbers={play.numbers}
      />
    ),
    panel: (play, { session, shared, width }) => (
      <YutPanel
        play={play}
        preview={preview(play.state, play.selection)}
        width={Math.min(width - BOARD_BOX_WIDTH, 56)}
        height={BOARD_BOX_HEIGHT}
        recording={
          // At a served table the file is the server's, not the players' to see.
          shared
            ? session.recorder.problem
              ? 'The recording stopped.'
              : 'Recorded on the server.'
            : (session.recorder.problem ??
              (session.recorder.file ? `Recording: ${session.recorder.file}` : undefined))
        }
        keyLines={savable(play, session) ? SAVE_KEYS : undefined}
      />
    ),
    rowHeight: BOARD_BOX_HEIGHT,
  }),
  Replay: YutReplay,
  command: {
    describe: 'Yut Nori: straight to the setup screen',
    flags: (y: Argv) =>
      declaredFlags(y, YUT_OPTIONS).option('advanced', {
        type: 'boolean',
        describe: 'the advanced game: login, animals, save and resume',
      }),
    settings(argv) {
      const declared = settingsOf(YUT_OPTIONS, argv);
      if (!declared.ok) return declared;
      const { players, pieces } = declared.settings;
      return { ok: true, settings: { players, pieces, advanced: argv.advanced === true } };
    },
    entry: (settings) => (settings.advanced ? 'yut-advanced' : 'yut'),
    extra: (y, dataDir) =>
      y.command(
        'users add <id>',
        'add an account to user_info.txt (the password is asked twice, not shown, and stored hashed)',
        (c) => c.positional('id', { type: 'string', demandOption: true }),
        async (argv) => {
          const { code, message } = await addUser(new YutFiles(dataDir(argv)), argv.id);
          process.stderr.write(`madang: ${safeText(message)}\n`);
          process.exitCode = code;
        },
      ),
  },
  entryOf: (options) => (options.animals ? 'yut-advanced' : 'yut'),
  saveFor: (options, seats, context) =>
    options.animals
      ? saverFor(
          new YutFiles(context.dataDir),
          seats.map((s) => s.name),
          options.animals,
        )
      : undefined,
  async classic(io, run) {
    const kinds: readonly SeatKind[] = run.kinds;
    const options: ClassicYutOptions = {
      colour: run.colour,
      throwsFor: (game) => {
        const { source, seed } = run.chanceFor(game, {});
        return { throws: source as ReturnType<typeof seededThrows>, seed };
      },
      recorderFor: (gameOptions, seed, names) =>
        run.recorderFor(
          gameOptions,
          seed,
          Array.from({ length: gameOptions.players }, (_, seat) => {
            const name = names?.[seat] ?? `Player ${seat}`;
            return seatOf(name, kinds[seat] ?? 'human');
          }),
        ),
      error: run.error,
      kinds,
      players: number(run.settings.players),
      pieces: number(run.settings.pieces),
      botSeed: run.botSeed,
      think: run.think,
    };
    return run.settings.advanced
      ? runClassicAdvanced(io, { ...options, files: new YutFiles(run.dataDir), warn: run.warn })
      : runClassicYut(io, options);
  },
});
