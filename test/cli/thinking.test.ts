/**
 * The computers thinking on a worker thread (cli/thinking.ts): the program's own bundle started
 * as a worker answers every game's question with the move thinking here gives, and leaves the
 * random stream where thinking here leaves it, so that a seed gives the same game either way.
 */
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { serveThinking, startThinking, thinkOnWorkerFrom } from '../../source/cli/thinking.js';
import { type Level, thinkHere } from '../../source/engine/bots.js';
import type { Game, GameEvent } from '../../source/engine/game.js';
import { sampleChance, seededRandom } from '../../source/engine/random.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';

/** dist/madang.js, built by the global setup, as main.ts names it. */
const BUNDLE = new URL('../../dist/madang.js', import.meta.url);

afterAll(() => thinkOnWorkerFrom(undefined));

/** States of a random game where a computer has a choice of moves (a few, spread out). */
function decisions(module: AnyGameModule, seed: number, count: number): unknown[] {
  const rules = module.rules as Game<unknown, GameEvent, unknown>;
  const parsed = module.parseOptions(module.typicalOptions);
  if (!parsed.ok) throw new Error(parsed.problem);
  const random = seededRandom(seed);
  let state = rules.setup(parsed.options);
  const found: unknown[] = [];
  for (let step = 0; step < 400 && found.length < count; step++) {
    if (rules.outcome(state).status !== 'running') break;
    const outcomes = rules.chance(state);
    const legal = rules.legalEvents(state);
    if (!outcomes && legal.length > 1 && step % 3 === 0) found.push(state);
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : (legal[random.below(legal.length)] as GameEvent);
    state = rules.reduce(state, event);
  }
  return found;
}

/**
 * The levels a game's computers think at, but Ur's perfect (it needs a solved table) and Yut's
 * expert (it searches deeper while a clock allows, so its value depends on the machine's load).
 */
const levelsOf = (module: AnyGameModule): Level[] =>
  (module.levels ?? ['random', 'greedy', 'strong']).filter(
    (level) => level !== 'perfect' && level !== 'expert',
  );

describe('thinking on the worker thread', () => {
  it('the bundle as a worker gives every game the move and the stream thinking here gives', async () => {
    thinkOnWorkerFrom(BUNDLE);
    const thinking = startThinking();
    try {
      let asked = 0;
      for (const module of GAMES) {
        const states = decisions(module, 11, 2);
        expect(states.length, `${module.id}: decisions found`).toBeGreaterThan(0);
        for (const level of levelsOf(module)) {
          const bot = module.bot(level);
          for (const state of states) {
            const there = seededRandom(asked + 5);
            const here = seededRandom(asked + 5);
            const onWorker = await thinking.think(module.id, bot, state, there);
            const inPlace = await thinkHere(module.id, bot, state, here);
            expect(onWorker, `${module.id} ${level}`).toEqual(inPlace);
            // The stream here goes on from where the worker's copy stopped.
            expect(there.saved?.()).toEqual(here.saved?.());
            asked++;
          }
        }
      }
      expect(asked).toBeGreaterThan(20);
    } finally {
      thinking.stop();
    }
    // Every game's strong search twice (there and here), and a worker started: on a busy machine
    // well over the default 20 s.
  }, 60_000);

  it('a stream that cannot be copied is drawn here; a question it cannot answer is refused', async () => {
    thinkOnWorkerFrom(BUNDLE);
    const thinking = startThinking();
    try {
      const module = GAMES.find((g) => g.id === 'yote') as AnyGameModule;
      const [state] = decisions(module, 3, 1);
      const seeded = seededRandom(9);
      const uncopied = { next: () => seeded.next(), below: (n: number) => seeded.below(n) };
      const choice = await thinking.think('yote', module.bot('random'), state, uncopied);
      expect(choice).toEqual(module.bot('random').choose(state, seededRandom(9)));
      expect(module.rules.check(state, choice.event)).toBeUndefined();
      // A game the worker does not know: the promise is refused with why, nothing hangs.
      await expect(
        thinking.think('chess', module.bot('random'), state, seededRandom(1)),
      ).rejects.toThrow('no game named chess');
    } finally {
      thinking.stop();
    }
  });

  it('without the bundle (the library, consoles called directly) computers think here', async () => {
    thinkOnWorkerFrom(undefined);
    const thinking = startThinking();
    expect(thinking.think).toBe(thinkHere);
    thinking.stop();
  });
});

describe("the worker's side (serveThinking) on a port of the test's own", () => {
  it('answers with the move and where the stream stands, and names a game it does not know', async () => {
    const { port1, port2 } = new MessageChannel();
    serveThinking(port1);
    const answers: unknown[] = [];
    const answered = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (answers.length >= count ? resolve() : setTimeout(check, 5));
        check();
      });
    port2.on('message', (answer) => answers.push(answer));
    try {
      const module = GAMES.find((g) => g.id === 'ur') as AnyGameModule;
      const [state] = decisions(module, 4, 1);
      const random = seededRandom(21);
      port2.postMessage({ id: 7, game: 'ur', level: 'random', state, random: random.saved?.() });
      port2.postMessage({ id: 8, game: 'chess', level: 'random', state, random: [] });
      await answered(2);
      const expected = module.bot('random').choose(state, random);
      expect(answers[0]).toEqual({ id: 7, choice: expected, random: random.saved?.() });
      expect(answers[1]).toEqual({ id: 8, problem: 'no game named chess' });
    } finally {
      port1.close();
      port2.close();
    }
  });
});
