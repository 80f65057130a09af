/**
 * Layers' console, exactly as the seed's transcript: the number of players and the turns on top
 * to win, each round's order, the three-item menu before a player's turn, "Look players' status"
 * as often as wanted, the opponents to choose from, the intervals, the random number and its
 * outcome, the mini-turn after a draw, and "Your new experience point is 175" after a rest. What
 * the seed does not show (a win, a loss, the trees' changes, the winner) is said in the same
 * plain style. A computer's answers are written as if typed, with its reason after them.
 */
import type { ClassicIO } from '../../classic/lines.js';
import { ask, EndOfInput, endOfRun, shown, Stop } from '../../classic/prompts.js';
import type { ChanceSource } from '../../engine/chance.js';
import { type Bot, type Think, thinkHere } from '../../engine/bots.js';
import type { Random } from '../../engine/random.js';
import type { Recorder } from '../../engine/recording.js';
import type { SeatKind } from '../../engine/seats.js';
import { explainLayersMove, layersBot } from './bot.js';
import { describeLayersEvent, statusWords } from './describe.js';
import {
  afterRest,
  checkOptions,
  current,
  type LayersEvent,
  type LayersOptions,
  type LayersState,
  MAX_PLAYERS,
  MIN_PLAYERS,
  mayRest,
  opponentsOf,
  outcome,
  reduce,
  setup,
  toAct,
  TURNS_MAX,
  TURNS_MIN,
} from './rules.js';

export interface ClassicLayersOptions {
  /** N and K when the command line gave them (they are then not asked). */
  readonly players: number | undefined;
  readonly turns: number | undefined;
  readonly kinds: readonly SeatKind[];
  readonly chanceFor: (options: LayersOptions) => ChanceSource;
  readonly botRandom: Random;
  /** Asks a computer for its move (cli/thinking.ts: on a worker thread); here by default. */
  readonly think?: Think | undefined;
  readonly recorderFor: (options: LayersOptions) => Recorder;
  /** Where a run's stopping message goes (standard error), apart from the game's own text. */
  readonly error: (message: string) => void;
}

const number = (min: number, max: number) => (a: string) =>
  /^\d{1,4}$/.test(a) && Number(a) >= min && Number(a) <= max
    ? { ok: true as const, value: Number(a) }
    : { ok: false as const, problem: `${a === '' ? 'nothing' : shown(a)} is not ${min} to ${max}` };

const MENU = "1. Fight!\n2. Rest\n3. Look players' status\n";

/**
 * A turn of the event loop between two computers' decisions, so that a signal (SIGTERM, Ctrl+C)
 * is handled at once however long a game of computers runs (a resolved promise would not yield).
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const DRAW_MENU = '1. Fight back!\n2. Escape\n';

export async function runClassicLayers(io: ClassicIO, run: ClassicLayersOptions): Promise<number> {
  const think = run.think ?? thinkHere;
  let recorder: Recorder | undefined;
  try {
    const given = async (prompt: string, value: number | undefined, min: number, max: number) => {
      if (value === undefined) return ask(io, prompt, number(min, max));
      io.write(`${prompt}${value}\n`);
      return value;
    };
    const players = await given('Enter number of players: ', run.players, MIN_PLAYERS, MAX_PLAYERS);
    const turns = await given(
      'How many turns does a player stay in the top layer to win the game: ',
      run.turns,
      TURNS_MIN,
      TURNS_MAX,
    );
    const options: LayersOptions = { players, turns };
    const problem = checkOptions(options);
    if (problem !== undefined) throw new Stop(problem);
    const chance = run.chanceFor(options);
    recorder = run.recorderFor(options);
    let state: LayersState = setup(options);
    const bots = Array.from({ length: players }, (_, p) => {
      // Without --bots every seat is a person's, as in the seed's console.
      const kind = run.kinds[p] ?? 'human';
      return kind === 'human' ? undefined : layersBot(kind);
    });
    /** Apply, record and say an event; a computer's move records its reason, for the replay. */
    const apply = (event: LayersEvent, skip = 0, bot?: Bot<LayersState, LayersEvent>) => {
      const before = state;
      state = reduce(state, event);
      recorder?.event(event);
      // The replay counts players from 1, as every screen does.
      if (bot) recorder?.explained(`${bot.level}: ${explainLayersMove(before, event, 1)}`);
      let lines = describeLayersEvent(before, event, state).slice(skip);
      // A first draw goes straight to the challenged player's menu, as in the seed.
      if (state.phase === 'draw') lines = lines.slice(0, 1);
      for (const line of lines) if (line !== '') io.write(`${line}\n`);
    };
    while (outcome(state).status === 'running') {
      if (state.phase === 'order' || state.phase === 'fight') {
        const drawn = chance.next(state);
        if (!drawn.ok) throw new Stop(drawn.problem);
        apply(drawn.event as LayersEvent);
        continue;
      }
      const seat = toAct(state);
      const bot = bots[seat];
      if (state.phase === 'draw') {
        const menu = `Player ${seat}, what's your choice\n${DRAW_MENU}`;
        let event: LayersEvent;
        if (bot) {
          await io.drained();
          await breathe();
          event = (await think('layers', bot, state, run.botRandom)).event;
          io.write(`${menu}${event.type === 'layers/foughtBack' ? 1 : 2}\n`);
          io.write(`(computer: ${explainLayersMove(state, event)})\n`);
        } else {
          const answer = await ask(io, menu, number(1, 2));
          event = { type: answer === 1 ? 'layers/foughtBack' : 'layers/escaped' };
        }
        apply(event, 0, bot);
        continue;
      }
      // The player's turn: the menu, as often as it looks at someone's status.
      const me = current(state);
      const prompt = `Player ${me}, what's your choice\n${MENU}`;
      let event: LayersEvent | undefined;
      if (bot) {
        await io.drained();
        await breathe();
        event = (await think('layers', bot, state, run.botRandom)).event;
        io.write(`${prompt}${event.type === 'layers/rested' ? 2 : 1}\n`);
        if (event.type === 'layers/challenged')
          io.write(
            `Choose an available player (${opponentsOf(state, me).join(', ')})\n${event.opponent}\n`,
          );
        io.write(`(computer: ${explainLayersMove(state, event)})\n`);
      }
      while (!event) {
        const choice = await ask(io, prompt, (a) => {
          const picked = number(1, 3)(a);
          if (picked.ok && picked.value === 2 && !mayRest(state, me))
            return {
              ok: false as const,
              problem: 'you rested on your previous turn: successive rests are not allowed',
            };
          return picked;
        });
        if (choice === 3) {
          const who = await ask(
            io,
            `Choose a player (less than ${players})\n`,
            number(0, players - 1),
          );
          io.write(`${statusWords(state, who)}\n`);
        } else if (choice === 2) event = { type: 'layers/rested' };
        else {
          const choices = opponentsOf(state, me);
          if (choices.length === 0) {
            io.write('Invalid input: nobody is left to fight: you are the root of everyone\n');
            continue;
          }
          const opponent = await ask(
            io,
            `Choose an available player (${choices.join(', ')})\n`,
            (a) =>
              /^\d{1,4}$/.test(a) && choices.includes(Number(a))
                ? { ok: true as const, value: Number(a) }
                : {
                    ok: false as const,
                    problem: `${a === '' ? 'nothing' : shown(a)} is not one of ${choices.join(', ')}`,
                  },
          );
          event = { type: 'layers/challenged', opponent };
        }
      }
      if (event.type === 'layers/rested') {
        // The seed's own line for a rest, then whatever else the rest did (a player on top).
        io.write(
          `Your new experience point is ${Math.round(afterRest(state.experience[me] ?? 100))}\n`,
        );
        apply(event, 1, bot);
      } else apply(event, 1, bot);
    }
    recorder.end(outcome(state));
    recorder.close();
    return 0;
  } catch (error) {
    recorder?.close();
    if (error instanceof EndOfInput) return 0;
    return endOfRun(error, run.error);
  }
}
