/**
 * Random playouts of every registered game, the same way: the generic engine figure. Each decision
 * is the random level's, each throw drawn with its probability, to the game's end.
 */
import type { Bot } from '../source/engine/bots.js';
import type { Game, GameEvent } from '../source/engine/game.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { GAMES } from '../source/games/index.js';
import type { AnyGameModule } from '../source/games/module.js';
import { type Figure, fmt, type Section } from './report.js';

/** One random playout of a game at its typical options: the events it took and where it ended. */
export function playout(module: AnyGameModule, seed: number): { events: number; state: unknown } {
  const parsed = module.parseOptions(module.typicalOptions);
  if (!parsed.ok) throw new Error(parsed.problem);
  const rules = module.rules as Game<unknown, GameEvent, unknown>;
  // Decisions by the game's random level: any move, but never what ends a game unplayed (a
  // pick among all legal events quit a Kono round after eight moves or so).
  const bot = module.bot('random') as Bot<unknown, GameEvent>;
  const random = seededRandom(seed);
  let state = rules.setup(parsed.options);
  let events = 0;
  while (rules.outcome(state).status === 'running' && events < 100_000) {
    const outcomes = rules.chance(state);
    state = rules.reduce(
      state,
      outcomes ? sampleChance(outcomes, random).event : bot.choose(state, random).event,
    );
    events++;
  }
  return { events, state };
}

export function gamesSection(quick: boolean): Section {
  const figures: Figure[] = [];
  for (const module of GAMES) {
    if (!module.parseOptions(module.typicalOptions).ok) continue;
    const play = (seed: number) => playout(module, seed).events;
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
