/**
 * The Royal Game of Ur as a game module: the rules on a board from a `.ur` file, the dice, the
 * bots, the screens and the seed's console.
 */
import { urBoardHeight, urBoardWidth } from './ui/board-layout.js';
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { LEVELS } from '../../engine/bots.js';
import { parseBots, seatOf } from '../../engine/seats.js';
import { settingsOf } from '../../engine/options.js';
import { declaredFlags, gameModule, type MenuEntry } from '../module.js';
import { parseBoard } from './board.js';
import { runClassicUr } from './classic.js';
import { urCore } from './core.js';
import { solveCommand } from './solve-command.js';
import { perfectProblem, prepareTable, urHintNotice } from './perfect.js';
import { readTablesFrom } from './solved-table.js';
import { dataDirectory } from '../../storage/paths.js';
import { setup, UR_OPTIONS, type UrEvent, urGame, type UrOptions, type UrState } from './rules.js';
import { resumedLog } from '../../ui/play-session.js';
import { playScreen } from '../../ui/PlayScreen.js';
import { replayFace } from '../../ui/ReplayFace.js';
import { newUrPlay, reduceUrPlay, UR_HELP, urKey, urPreview } from './ui/play.js';
import { UrBoard, urBoardBoxWidth } from './ui/UrBoard.js';
import { ReplaySides, UrPanel } from './ui/UrPanel.js';
import { type UrBoard as Board, urSetupEntry } from './ui/UrSetup.js';

/** The data directory of this run, as the command line reckons it (set by command.extra). */
let dataDirOf: (argv: Readonly<Record<string, unknown>>) => string = (argv) =>
  dataDirectory({ flag: typeof argv.dataDir === 'string' ? argv.dataDir : undefined });

const boardOf = (settings: Readonly<Record<string, unknown>>) =>
  settings.board as Board | undefined;
const stonesOf = (settings: Readonly<Record<string, unknown>>) =>
  typeof settings.stones === 'number' ? settings.stones : undefined;

/** Why perfect cannot play on this board with these stones (no good table), or undefined. */
const perfectProblemFor =
  (board: Board | undefined, glance = false) =>
  (stones: number) =>
    perfectProblem(setup({ board: board?.spec, stones }).rules, board?.name, glance);

const entry: MenuEntry = urSetupEntry(({ settings, dataDir }) => {
  readTablesFrom(dataDir);
  const board = boardOf(settings);
  return { board, perfectProblem: perfectProblemFor(board, true) };
});

export const urModule = gameModule<UrState, UrEvent, UrOptions>({
  ...urCore,
  // The board box, beside a panel of 48 columns (names uncut); the board's rows, the title above.
  needs(options) {
    const state = urGame.setup(options);
    return { columns: urBoardWidth(state) + 4 + 48, rows: urBoardHeight(state) + 2 + 4 };
  },
  entries: [entry],
  Play: playScreen(urCore, {
    keys: UR_HELP,
    init: (session) => resumedLog(newUrPlay(session.initial, session.seats), session),
    // The solved table (if any) is read as the game opens, not by the first hint: 551 MB at seven stones.
    opened: (session) => void prepareTable(session.initial.rules),
    reduce: reduceUrPlay,
    key: urKey,
    hintNotice: urHintNotice,
    board: ({ state, stone, numbers }) => (
      <UrBoard
        state={state}
        preview={urPreview(state, stone)}
        stone={state.phase === 'over' ? undefined : stone}
        numbered={numbers ? state.turn : undefined}
      />
    ),
    panel: (play, { width, height }) => (
      <UrPanel
        play={play}
        width={Math.min(56, width - urBoardBoxWidth(play.state))}
        rows={height}
      />
    ),
  }),
  Replay: replayFace<UrState>({
    board: (state) => <UrBoard state={state} />,
    panelWidth: (state, width) => Math.min(52, width - urBoardBoxWidth(state)),
    side: (state, { names, height }) => ({
      lines: <ReplaySides state={state} names={names} />,
      timelineRows: height - 12,
    }),
  }),
  command: {
    describe: 'the Royal Game of Ur: straight to its setup screen',
    flags: (y: Argv) =>
      declaredFlags(
        y.option('board', {
          type: 'string',
          describe: 'an Ur board file (.ur JSON); default: the historical board',
        }),
        UR_OPTIONS,
      ).command(
        'solve',
        'solve Ur by value iteration: a table of exact win chances in the data directory (for --level perfect)',
        (c) =>
          c.option('threads', {
            type: 'number',
            describe: 'worker threads (default: 2, or the cores there are)',
          }),
        async (argv) => {
          process.exitCode = await solveCommand(
            {
              stones: argv.stones as number | undefined,
              board: argv.board as string | undefined,
              threads: argv.threads,
            },
            dataDirOf(argv),
          );
        },
      ),
    // `madang ur solve` is a subcommand of ur's own (in flags above); the command line hands
    // the data directory's rule to games here, and the solve and the perfect level's check take it from this.
    extra(cli, dataDir) {
      dataDirOf = dataDir;
      return cli;
    },
    settings(argv, readFile) {
      const given = settingsOf(UR_OPTIONS, argv);
      if (!given.ok) return given;
      const stones = given.settings.stones as number | undefined;
      let board: Board | undefined;
      if (typeof argv.board === 'string') {
        const text = readFile(argv.board);
        if (!text.ok) return { ok: false, problem: text.problem };
        const loaded = parseBoard(text.text, argv.board);
        if (!loaded.ok) return { ok: false, problem: loaded.problem };
        board = { spec: loaded.board.spec, name: argv.board };
      }
      // A perfect seat (--level perfect, or 2:perfect) with no table to play it: one line saying
      // how to build it.
      const seats = parseBots(
        argv.bots as string | undefined,
        String(argv.level ?? 'strong'),
        2,
        LEVELS,
      );
      if (seats.ok && seats.kinds.includes('perfect')) {
        readTablesFrom(dataDirOf(argv));
        const problem = perfectProblemFor(board)(stones ?? UR_OPTIONS.stones.default);
        if (problem !== undefined) return { ok: false, problem };
      }
      return {
        ok: true,
        settings: board ? { board, ...given.settings } : given.settings,
      };
    },
    entry: () => 'ur',
  },
  classic(io, run) {
    const { source, seed } = run.chanceFor(0, {});
    readTablesFrom(run.dataDir);
    return runClassicUr(io, {
      stones: stonesOf(run.settings),
      dice: source,
      botRandom: botRandom(seed ?? run.botSeed),
      think: run.think,
      board: boardOf(run.settings),
      readBoard: run.readFile,
      kinds: run.kinds,
      recorderFor: (options, names) =>
        run.recorderFor(
          options,
          seed,
          names.map((name, seat) => {
            return seatOf(name, run.kinds[seat] ?? 'human');
          }),
        ),
      error: run.error,
    });
  },
});
