/**
 * The Royal Game of Ur as a game module: the rules on a board from a `.ur` file, the dice, the
 * bots, the screens and the seed's console.
 */
import { urBoardHeight, urBoardWidth } from './ui/board-layout.js';
import type { Argv } from 'yargs';
import { botRandom } from '../../engine/random.js';
import { seatOf } from '../../engine/seats.js';
import { gameModule, type MenuEntry, type SetupContext } from '../module.js';
import { type BoardSpec, historicalSpec, parseBoard } from './board.js';
import { runClassicUr } from './classic.js';
import { urCore } from './core.js';
import { RULES_TEXT } from './rules-text.js';
import { type UrEvent, urGame, type UrOptions, type UrState } from './rules.js';
import { newUrSetup, type UrSetupForm, urSetupKey } from './ui/setup-model.js';
import { UrGame } from './ui/UrGame.js';
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

const boardOf = (settings: Readonly<Record<string, unknown>>) =>
  settings.board as Board | undefined;

const entry: MenuEntry = {
  id: 'ur',
  label: 'Royal Game of Ur',
  hint: 'two players, seven stones',
  newForm: ({ settings, kinds }: SetupContext): Form => ({
    setup: newUrSetup(kinds),
    board: boardOf(settings),
  }),
  key(form, key) {
    const { setup, board } = form as Form;
    const outcome = urSetupKey(setup, key);
    if (outcome.type === 'form') return { type: 'form', form: { setup: outcome.form, board } };
    if (outcome.type === 'back') return outcome;
    const options: UrOptions = { board: board?.spec ?? historicalSpec(), extraRollOnRosette: true };
    return { type: 'start', start: { options, seats: outcome.seats } };
  },
  View: ({ form }) => (
    <UrSetup
      form={(form as Form).setup}
      boardName={(form as Form).board?.name ?? 'the historical board'}
    />
  ),
};

export const urModule = gameModule<UrState, UrEvent, UrOptions>({
  ...urCore,
  // The board box, beside a panel of 48 columns (names uncut); the board's rows, the title above.
  needs(options) {
    const state = urGame.setup(options);
    return { columns: urBoardWidth(state) + 4 + 48, rows: urBoardHeight(state) + 2 + 4 };
  },
  entries: [entry],
  Play: UrGame,
  Replay: UrReplay,
  rulesText: RULES_TEXT,
  command: {
    describe: 'the Royal Game of Ur: straight to its setup screen',
    flags: (y: Argv) =>
      y.option('board', {
        type: 'string',
        describe: 'an Ur board file (.ur JSON); default: the historical board',
      }),
    settings(argv, readFile) {
      if (typeof argv.board !== 'string') return { ok: true, settings: {} };
      const text = readFile(argv.board);
      if (!text.ok) return { ok: false, problem: text.problem };
      const loaded = parseBoard(text.text, argv.board);
      if (!loaded.ok) return { ok: false, problem: loaded.problem };
      return { ok: true, settings: { board: { spec: loaded.board.spec, name: argv.board } } };
    },
    entry: () => 'ur',
  },
  classic(io, run) {
    const { source, seed } = run.chanceFor(0, {});
    return runClassicUr(io, {
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
