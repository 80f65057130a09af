/**
 * Yut Nori's pure core: the rules, their options, the throws, the computers and the words for
 * what happened and why. No screen, no command line: the library entry and tables use this.
 */
import { gameCore } from '../../engine/core.js';
import { yutWinChances } from './win-chances.js';
import { explainMove, YUT_LEVELS, yutBot } from './bot.js';
import { describeEvent, moveLine, named } from './describe.js';
import { defaultsOf, wordsOf } from '../../engine/options.js';
import {
  checkOptions,
  YUT_OPTIONS,
  type YutEvent,
  yutGame,
  type YutOptions,
  type YutState,
} from './rules.js';
import { parseThrowScript, seededThrows } from './throws.js';

/** Every rule option written out, the defaults too, so a recording never depends on them. */
function parseOptions(unchecked: unknown) {
  const problem = checkOptions(unchecked);
  if (problem !== undefined) return { ok: false as const, problem };
  const options = unchecked as YutOptions;
  return {
    ok: true as const,
    options: { ...options, frontProbability: options.frontProbability ?? 0.5 },
  };
}

export const yutCore = gameCore<YutState, YutEvent, YutOptions>({
  id: 'yut',
  title: 'Yut Nori',
  // After the winner: pieces home, then pieces out of hand (docs/rules/yut.md, ratings).
  standing: (state, seat) => {
    const pieces = state.positions[seat] ?? [];
    return [pieces.filter((p) => p === 100).length, pieces.filter((p) => p !== 0).length];
  },
  description: '2–4 players at one keyboard, any seat the computer',
  seats: { min: 2, max: 4 },
  rules: yutGame,
  options: YUT_OPTIONS,
  parseOptions,
  seatCount: (options) => options.players,
  optionWords: (options) =>
    [
      wordsOf(YUT_OPTIONS, options),
      options.animals ? 'with animals' : '',
      options.frontProbability !== undefined && options.frontProbability !== 0.5
        ? `a stick lands front up ${Math.round(options.frontProbability * 100)}% of throws`
        : '',
      options.start ? 'from a saved game' : '',
    ]
      .filter(Boolean)
      .join(', '),
  named,
  typicalOptions: { ...defaultsOf<YutOptions>(YUT_OPTIONS), frontProbability: 0.5 },
  chance: {
    noun: 'throw',
    probe: { type: 'yut/sticksThrown', sticks: [0, 0, 0, 0] },
    seeded: (seed, options) => seededThrows(seed, options?.frontProbability ?? 0.5),
    parseScript: parseThrowScript,
  },
  bot: yutBot,
  levels: YUT_LEVELS,
  winChances: (level) => yutWinChances(level),
  explain: (state, event, names) =>
    event.type === 'yut/pieceMoved' ? explainMove(state, event, names) : 'throws',
  describe: describeEvent,
  moveLine,
});
