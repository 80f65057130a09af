/** Random playouts of every registered game, the same way: the generic engine figure. */
import type { Game, GameEvent } from '../source/engine/game.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { GAMES } from '../source/games/index.js';
import { type Figure, fmt, type Section } from './report.js';

export function gamesSection(quick: boolean): Section {
  const figures: Figure[] = [];
  for (const module of GAMES) {
    const parsed = module.parseOptions(module.typicalOptions);
    if (!parsed.ok) continue;
    const rules = module.rules as Game<unknown, GameEvent, unknown>;
    const play = (seed: number) => {
      const random = seededRandom(seed);
      let state = rules.setup(parsed.options);
      let events = 0;
      while (rules.outcome(state).status === 'running' && events < 100_000) {
        const outcomes = rules.chance(state);
        const legal = outcomes ? [] : rules.legalEvents(state);
        state = rules.reduce(
          state,
          outcomes ? sampleChance(outcomes, random).event : legal[random.below(legal.length)],
        );
        events++;
      }
      return events;
    };
    for (let i = 0; i < 100; i++) play(i);
    let events = 0;
    let games = 0;
    const start = performance.now();
    const end = start + (quick ? 500 : 3000);
    while (performance.now() < end) for (let i = 0; i < 10; i++) events += play(1000 + games++);
    const seconds = (performance.now() - start) / 1000;
    figures.push({
      what: `${module.title}: random playouts, events/s · games/s`,
      value: `${fmt(events / seconds)} · ${fmt(games / seconds)}`,
    });
  }
  return { title: 'Every registered game (one core, through the game contract)', figures };
}
