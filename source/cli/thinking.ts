/**
 * The computers think on a worker thread: the main thread stays free for keys, the terminal and
 * signals, however long a search takes (Yut's expert, a 1,000-player Layers game), and a signal
 * ends the program at once, the worker with it. The worker is the program's own bundle started
 * again (main.ts serves here when it is not the main thread); it finds the same bot by the game's
 * name and level, and draws from a copy of the caller's random stream, which goes on from where
 * the copy stopped, so that a seed gives the same game as thinking here would.
 */
import { type MessagePort, parentPort, Worker } from 'node:worker_threads';
import type { Bot, Choice, Level, Think } from '../engine/bots.js';
import { thinkHere } from '../engine/bots.js';
import type { GameEvent } from '../engine/game.js';
import { randomFromState } from '../engine/random.js';
import { GAMES } from '../games/index.js';

interface Question {
  readonly id: number;
  readonly game: string;
  readonly level: Level;
  readonly state: unknown;
  readonly random: readonly number[];
}
type Answer =
  | { readonly id: number; readonly choice: Choice<unknown>; readonly random: readonly number[] }
  | { readonly id: number; readonly problem: string };

let entry: URL | undefined;

/** Where the program's bundle is, so that a worker can start it (main.ts, before the CLI); none:
 *  think here (a test puts it back). */
export function thinkOnWorkerFrom(bundle: URL | undefined): void {
  entry = bundle;
}

/** The program's bundle, where main.ts named it: the analysis starts its worker from it too. */
export const workerBundle = (): URL | undefined => entry;

/**
 * The Think the program hands its edges: on the worker when main.ts named the bundle (the
 * program itself), here otherwise (the library, the tests that call a console directly).
 */
export function startThinking(): { think: Think; stop(): void } {
  const bundle = entry;
  if (!bundle) return { think: thinkHere, stop: () => {} };
  const waiting = new Map<number, (answer: Answer) => void>();
  let next = 0;
  // Started at the first question: a game of people, a replay or the menu never needs one.
  let worker: Worker | undefined;
  const started = (): Worker => {
    if (worker) return worker;
    const made = new Worker(bundle);
    made.on('message', (answer: Answer) => {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
      // Idle, it does not keep the program alive.
      if (waiting.size === 0) made.unref();
    });
    made.on('error', (error) => {
      for (const [id, answer] of waiting) answer({ id, problem: error.message });
      waiting.clear();
    });
    return (worker = made);
  };
  const think: Think = <S, E>(
    game: string,
    bot: Bot<S, E>,
    state: S,
    random: Parameters<Think>[3],
  ) => {
    const saved = random.saved?.();
    // A stream that cannot be copied (a test's) is drawn from here.
    if (!saved || !random.restore) return thinkHere(game, bot, state, random);
    const id = next++;
    const thinker = started();
    thinker.ref();
    return new Promise<Choice<E>>((resolve, reject) => {
      waiting.set(id, (answer) => {
        if ('problem' in answer) return reject(new Error(answer.problem));
        random.restore?.(answer.random);
        resolve(answer.choice as Choice<E>);
      });
      const question: Question = { id, game, level: bot.level, state, random: saved };
      thinker.postMessage(question);
    });
  };
  return { think, stop: () => void worker?.terminate() };
}

/** The worker's side: answers each question with the bot's choice and where the stream stands
 *  (on the worker's parent port; a test gives a port of its own). */
export function serveThinking(port: MessagePort | null = parentPort): void {
  if (!port) return;
  const bots = new Map<string, Bot<unknown, GameEvent>>();
  port.on('message', (question: Question) => {
    try {
      const key = `${question.game} ${question.level}`;
      let bot = bots.get(key);
      if (!bot) {
        const module = GAMES.find((g) => g.id === question.game);
        if (!module) throw new Error(`no game named ${question.game}`);
        bot = module.bot(question.level) as Bot<unknown, GameEvent>;
        bots.set(key, bot);
      }
      const random = randomFromState(question.random);
      const choice = bot.choose(question.state, random);
      port.postMessage({ id: question.id, choice, random: random.saved?.() ?? [] });
    } catch (error) {
      port.postMessage({ id: question.id, problem: (error as Error).message });
    }
  });
}
