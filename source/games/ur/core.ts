/**
 * The Royal Game of Ur's pure core: the rules on a board from a `.ur` file, the dice, the
 * computers and the words for what happened and why. No screen, no command line.
 */
import { parseScript } from '../../engine/chance.js';
import { gameCore } from '../../engine/core.js';
import { wordsOf } from '../../engine/options.js';
import { seededRandom } from '../../engine/random.js';
import { explainUrMove, urBot } from './bot.js';
import { prepareTable, tableFor } from './perfect.js';
import { urWinChances } from './win-chances.js';
import { describeUrEvent } from './describe.js';
import { historicalSpec } from './board.js';
import {
  checkOptions,
  type DiceRolled,
  type Die,
  UR_OPTIONS,
  type UrEvent,
  urGame,
  type UrOptions,
  type UrState,
} from './rules.js';

/** One line of a dice script: four faces (`0110`, 1 = a dot), or the roll (`2`: the first dice). */
function parseDiceLine(content: string): DiceRolled | undefined {
  const faces = /^[01]{4}$/.test(content)
    ? [...content].map(Number)
    : /^[0-4]$/.test(content)
      ? [0, 1, 2, 3].map((i) => (i < Number(content) ? 1 : 0))
      : undefined;
  return faces && { type: 'ur/diceRolled', dice: faces as unknown as DiceRolled['dice'] };
}

const HISTORICAL = JSON.stringify(historicalSpec());

export const urCore = gameCore<UrState, UrEvent, UrOptions>({
  id: 'ur',
  title: 'Royal Game of Ur',
  description: 'White and Black, 2 to 7 stones (--stones, --board)',
  seats: { min: 2, max: 2 },
  rules: urGame,
  parseOptions(unchecked) {
    const problem = checkOptions(unchecked);
    return problem === undefined
      ? { ok: true, options: (unchecked ?? {}) as UrOptions }
      : { ok: false, problem };
  },
  options: UR_OPTIONS,
  seatCount: () => 2,
  optionWords: (options) =>
    [
      wordsOf(UR_OPTIONS, options),
      // The setup writes the historical board out: only another is worth a word.
      options.board && JSON.stringify(options.board) !== HISTORICAL ? 'a board of its own' : '',
    ]
      .filter(Boolean)
      .join(', '),
  // Nothing written: a recording without options plays the defaults (seven stones).
  typicalOptions: {},
  chance: {
    noun: 'roll',
    probe: { type: 'ur/diceRolled', dice: [0, 0, 0, 0] },
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
  levels: ['random', 'greedy', 'strong', 'perfect'],
  // A hint is the perfect move where a table for these rules is built.
  hintLevel: (state) => (tableFor(state.rules) ? 'perfect' : 'strong'),
  winChances: urWinChances,
  prepareWinChances: (state) => prepareTable(state.rules),
  explain: (state, event, names) =>
    event.type === 'ur/stoneMoved' ? explainUrMove(state, event, names) : 'rolls',
  describe: describeUrEvent,
});
