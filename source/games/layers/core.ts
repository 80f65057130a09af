/**
 * Layers' pure core: the forest's rules and options, the draws (the round's order and the
 * fights' numbers), the computers and the words for what happened and why. No screen, no
 * command line.
 */
import { gameCore } from '../../engine/core.js';
import { parseDeclared } from '../../engine/options.js';
import { layersWinChances } from './win-chances.js';
import { seededRandom } from '../../engine/random.js';
import { explainLayersMove, layersBot } from './bot.js';
import { describeLayersEvent, orderDrawnLine } from './describe.js';
import {
  LAYERS_OPTIONS,
  type LayersEvent,
  layersGame,
  type LayersOptions,
  type LayersState,
  MAX_PLAYERS,
  MIN_PLAYERS,
  orderPick,
} from './rules.js';

export const layersCore = gameCore<LayersState, LayersEvent, LayersOptions>({
  id: 'layers',
  title: 'Layers',
  // After the winner: by layer (higher is nearer the top), then experience (docs/rules/layers.md).
  standing: (state, seat) => [state.layer[seat] ?? 0, state.experience[seat] ?? 0],
  description: 'a forest of ten or more (--players N --turns K)',
  seats: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  rules: layersGame,
  options: LAYERS_OPTIONS,
  parseOptions: (unchecked) => parseDeclared<LayersOptions>(LAYERS_OPTIONS, unchecked),
  seatCount: (options) => options.players,
  chance: {
    noun: 'draw',
    probe: { type: 'layers/orderDrawn', player: 0 },
    // The order and the fight's numbers are drawn as soon as they are due: no key.
    automatic: true,
    seeded(seed) {
      const random = seededRandom(seed);
      // Each draw uniform over what the rules allow now (their outcomes are equally likely): the
      // players not yet in the round's order, or the fight's numbers.
      return {
        next(state) {
          const s = state as LayersState;
          if (s.phase === 'order') {
            // The same pick as from chance()'s list (uniform over those left, by number).
            const event = orderPick(s, random.below(s.options.players - s.order.length));
            if (event) return { ok: true, event };
          }
          const outcomes = layersGame.chance(s);
          const drawn = outcomes?.[random.below(outcomes.length)];
          return drawn
            ? { ok: true, event: drawn.event }
            : { ok: false, problem: 'Nothing is to be drawn now.' };
        },
      };
    },
    parseScript: (_text, file) => ({
      ok: false,
      problem: `${file}: Layers has no script of draws`,
    }),
  },
  bot: layersBot,
  winChances: (level) => layersWinChances(level),
  explain: (state, event) => explainLayersMove(state, event, 1),
  describe: (before, event, after, names) => describeLayersEvent(before, event, after, 1, names),
  moveLine: (_before, event, after, names) => orderDrawnLine(event, after, 1, names),
});
