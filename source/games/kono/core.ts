/**
 * Kono's pure core: the tournament's rules and options, the dice for the first player (seeded,
 * or a dice file), the rule-based and search computers and the words for what happened and why.
 * No screen, no command line, no save file (that is the module's).
 */
import type { ParsedScript } from '../../engine/chance.js';
import { gameCore } from '../../engine/core.js';
import { defaultsOf, wordsOf } from '../../engine/options.js';
import { konoWinChances } from './win-chances.js';
import { seededRandom } from '../../engine/random.js';
import type { Seat } from '../../engine/seats.js';
import { type TakeBack, takeBack } from '../../engine/take-back.js';
import { explainKonoMove, konoBot } from './bot.js';
import { describeKonoEvent } from './describe.js';
import {
  checkOptions,
  KONO_OPTIONS,
  type DiceThrown,
  type KonoEvent,
  konoGame,
  type KonoOptions,
  type KonoState,
  withDefaults,
} from './rules.js';

const die = (random: { below(n: number): number }) => 1 + random.below(6);

/** A dice file: one throw of two dice per line (`4 3`), the first for seat 0, alternating. */
export function parseDiceFile(text: string, file: string): ParsedScript<DiceThrown> {
  const throws: { pair: [number, number]; line: number }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const content = (lines[i] ?? '').replace(/#.*/, '').trim();
    if (content === '') continue;
    const m = /^([1-6])\s+([1-6])$/.exec(content);
    if (!m)
      return {
        ok: false,
        problem: `${file}:${i + 1}: "${content.slice(0, 30)}" is not a throw of two dice (such as 4 3)`,
      };
    throws.push({ pair: [Number(m[1]), Number(m[2])], line: i + 1 });
  }
  if (throws.length % 2 === 1)
    return {
      ok: false,
      problem: `${file}:${throws.at(-1)?.line}: the throws come in pairs (the human's, then the computer's); this one has no partner`,
    };
  const items = [];
  for (let k = 0; k < throws.length; k += 2) {
    const a = throws[k] as (typeof throws)[number];
    const b = throws[k + 1] as (typeof throws)[number];
    items.push({
      event: { type: 'kono/diceThrown', dice: [a.pair, b.pair] } as DiceThrown,
      line: a.line,
    });
  }
  return { ok: true, script: { file, items } };
}

/**
 * How far a take-back reaches in Kono: the shared rule (engine/take-back.ts), bounded by the
 * round: the player's last move of this round and the computer's reply after it, never a choice
 * between rounds nor anything before one. The screen's `u` and every table take back by it.
 */
export const konoTakeBack = (
  initial: KonoState,
  events: readonly KonoEvent[],
  seats: readonly Seat[],
): TakeBack<KonoState> =>
  takeBack(konoGame as never, initial, events, seats, 'throw', {
    boundary: (event: KonoEvent) => event.type !== 'kono/moved',
    nothing: 'No move of yours in this round to take back.',
  });

export const konoCore = gameCore<KonoState, KonoEvent, KonoOptions>({
  id: 'kono',
  title: 'Kono',
  description: 'a tournament on 5, 7 or 9 points (--load FILE)',
  seats: { min: 2, max: 2 },
  rules: konoGame,
  parseOptions(unchecked) {
    const problem = checkOptions(unchecked);
    return problem === undefined
      ? { ok: true, options: withDefaults(unchecked as Partial<KonoOptions>) }
      : { ok: false, problem };
  },
  options: KONO_OPTIONS,
  seatCount: () => 2,
  optionWords: (options) =>
    [
      options.start ? 'from a saved tournament' : wordsOf(KONO_OPTIONS, options, ['size']),
      wordsOf(KONO_OPTIONS, options, ['asker', 'quietMoves']),
    ]
      .filter(Boolean)
      .join(', '),
  // One round on the smallest board: the generic tests' and the bench's game.
  typicalOptions: { ...defaultsOf<KonoOptions>(KONO_OPTIONS), asker: null, size: 5 },
  takeBack: konoTakeBack,
  chance: {
    noun: 'throw',
    probe: {
      type: 'kono/diceThrown',
      dice: [
        [1, 1],
        [1, 2],
      ],
    },
    seeded(seed) {
      const random = seededRandom(seed);
      return {
        next: () => ({
          ok: true,
          event: {
            type: 'kono/diceThrown',
            dice: [
              [die(random), die(random)],
              [die(random), die(random)],
            ],
          },
        }),
      };
    },
    parseScript: parseDiceFile,
  },
  bot: konoBot,
  winChances: (level) => konoWinChances(level),
  explain: (state, event, names) => explainKonoMove(state, event, names),
  describe: (before, event, after, names) => describeKonoEvent(before, event, after, names),
});
