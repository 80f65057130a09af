/**
 * The Royal Game of Ur as a game module: the rules on a board from a `.ur` file, the dice, the
 * bots, the screens and the seed's console.
 */
import { urBoardHeight, urBoardWidth } from './ui/board-layout.js';
import type { Argv } from 'yargs';
import { parseScript } from '../../engine/chance.js';
import { botRandom, seededRandom } from '../../engine/random.js';
import { seatOf } from '../../engine/seats.js';
import { gameModule, type MenuEntry, type SetupContext } from '../module.js';
import { type BoardSpec, historicalSpec, parseBoard } from './board.js';
import { urBot } from './bot.js';
import { runClassicUr } from './classic.js';
import { describeUrEvent } from './describe.js';
import { RULES_TEXT } from './rules-text.js';
import { solveCommand } from './solve-command.js';
import { perfectProblem, readTablesFrom } from './perfect.js';
import { dataDirectory } from '../../storage/paths.js';
import {
  checkOptions,
  isStones,
  MIN_STONES,
  setup,
  STONES,
  type DiceRolled,
  type Die,
  type UrEvent,
  urGame,
  type UrOptions,
  type UrState,
} from './rules.js';
import { newUrSetup, type UrSetupForm, urSetupKey } from './ui/setup-model.js';
import { UR_KNOWLEDGE, UrGame } from './ui/UrGame.js';
import { UrReplay } from './ui/UrReplay.js';
import { UrSetup } from './ui/UrSetup.js';

interface Board {
  readonly spec: BoardSpec;
  readonly name: string;
}

interface Form {
  readonly setup: UrSetupForm;
  readonly board: Board | undefined;
}

/** The data directory of this run, as the command line reckons it (set by command.extra). */
let dataDirOf: (argv: Readonly<Record<string, unknown>>) => string = (argv) =>
  dataDirectory({ flag: typeof argv.dataDir === 'string' ? argv.dataDir : undefined });

const boardOf = (settings: Readonly<Record<string, unknown>>) =>
  settings.board as Board | undefined;
const stonesOf = (settings: Readonly<Record<string, unknown>>) =>
  typeof settings.stones === 'number' ? settings.stones : undefined;

/** Why perfect cannot play on this board with these stones (no good table), or undefined. */
const perfectProblemFor = (board: Board | undefined) => (stones: number) =>
  perfectProblem(setup({ board: board?.spec, stones }).rules, board?.name);

const entry: MenuEntry = {
  id: 'ur',
  label: 'Royal Game of Ur',
  hint: 'two players, seven stones',
  newForm: ({ settings, kinds, dataDir }: SetupContext): Form => {
    readTablesFrom(dataDir);
    const board = boardOf(settings);
    return {
      setup: newUrSetup(kinds, stonesOf(settings), perfectProblemFor(board)),
      board,
    };
  },
  key(form, key) {
    const { setup, board } = form as Form;
    const outcome = urSetupKey(setup, key);
    if (outcome.type === 'form') return { type: 'form', form: { setup: outcome.form, board } };
    if (outcome.type === 'back') return outcome;
    const options: UrOptions = {
      board: board?.spec ?? historicalSpec(),
      extraRollOnRosette: true,
      stones: outcome.stones,
    };
    return { type: 'start', start: { options, seats: outcome.seats } };
  },
  View: ({ form }) => (
    <UrSetup
      form={(form as Form).setup}
      boardName={(form as Form).board?.name ?? 'the historical board'}
    />
  ),
};

/** One line of a dice script: four faces (`0110`, 1 = a dot), or the roll (`2`: the first dice). */
function parseDiceLine(content: string): DiceRolled | undefined {
  const faces = /^[01]{4}$/.test(content)
    ? [...content].map(Number)
    : /^[0-4]$/.test(content)
      ? [0, 1, 2, 3].map((i) => (i < Number(content) ? 1 : 0))
      : undefined;
  return faces && { type: 'ur/diceRolled', dice: faces as unknown as DiceRolled['dice'] };
}

export const urModule = gameModule<UrState, UrEvent, UrOptions>({
  id: 'ur',
  title: 'Royal Game of Ur',
  description: 'White and Black, seven stones each (--board FILE)',
  seats: { min: 2, max: 2 },
  rules: urGame,
  // The board box, beside a panel of 48 columns (names uncut); the board's rows, the title above.
  needs(options) {
    const state = urGame.setup(options);
    return { columns: urBoardWidth(state) + 4 + 48, rows: urBoardHeight(state) + 2 + 4 };
  },
  parseOptions(unchecked) {
    const problem = checkOptions(unchecked);
    return problem === undefined
      ? { ok: true, options: (unchecked ?? {}) as UrOptions }
      : { ok: false, problem };
  },
  seatCount: () => 2,
  levels: ['random', 'greedy', 'strong', 'perfect'],
  typicalOptions: {},
  chance: {
    ...UR_KNOWLEDGE.chance,
    seeded(seed) {
      const random = seededRandom(seed);
      const die = (): Die => (random.next() < 0.5 ? 1 : 0);
      return {
        next: () => ({
          ok: true,
          event: { type: 'ur/diceRolled', dice: [die(), die(), die(), die()] },
        }),
      };
    },
    parseScript: (text, file) =>
      parseScript(text, file, parseDiceLine, 'a roll (write four dice such as 0110, or 0 to 4)'),
  },
  bot: urBot,
  explain: UR_KNOWLEDGE.explain,
  describe: describeUrEvent,
  entries: [entry],
  Play: UrGame,
  Replay: UrReplay,
  rulesText: RULES_TEXT,
  command: {
    describe: 'the Royal Game of Ur: straight to its setup screen',
    flags: (y: Argv) =>
      y
        .option('board', {
          type: 'string',
          describe: 'an Ur board file (.ur JSON); default: the historical board',
        })
        .option('stones', {
          type: 'number',
          describe: `stones per player, ${MIN_STONES} to ${STONES} (default ${STONES})`,
        })
        .command(
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
      const stones = argv.stones;
      if (stones !== undefined && !isStones(stones))
        return {
          ok: false,
          problem: `--stones takes a whole number from ${MIN_STONES} to ${STONES}`,
        };
      const given = stones === undefined ? {} : { stones };
      let board: Board | undefined;
      if (typeof argv.board === 'string') {
        const text = readFile(argv.board);
        if (!text.ok) return { ok: false, problem: text.problem };
        const loaded = parseBoard(text.text, argv.board);
        if (!loaded.ok) return { ok: false, problem: loaded.problem };
        board = { spec: loaded.board.spec, name: argv.board };
      }
      // --level perfect with no table to play it: one line saying how to build it.
      if (argv.level === 'perfect' && argv.bots !== undefined) {
        readTablesFrom(dataDirOf(argv));
        const problem = perfectProblemFor(board)(stones ?? STONES);
        if (problem !== undefined) return { ok: false, problem };
      }
      return { ok: true, settings: board ? { board, ...given } : given };
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
