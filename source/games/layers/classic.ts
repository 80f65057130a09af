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
import { ConsoleTable } from '../../classic/table.js';
import type { ChanceSource } from '../../engine/chance.js';
import type { Think } from '../../engine/bots.js';
import type { Random } from '../../engine/random.js';
import type { Recorder } from '../../engine/recording.js';
import { safeText } from '../../engine/safe-text.js';
import { seatOf, type SeatKind } from '../../engine/seats.js';
import { explainLayersMove } from './bot.js';
import { layersCore } from './core.js';
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
  let table: ConsoleTable<LayersState, LayersEvent> | undefined;
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
    // Without --bots every seat is a person's, as in the seed's console.
    const seats = Array.from({ length: players }, (_, p) =>
      seatOf(`Player ${p}`, run.kinds[p] ?? 'human'),
    );
    const recorder = run.recorderFor(options);
    // The table holds the game, draws the orders and fight numbers, plays the computers (their
    // reasons recorded, players counted from 1 as every screen counts them) and records.
    table = new ConsoleTable<LayersState, LayersEvent>(
      {
        game: layersCore,
        initial: setup(options),
        seats,
        chance,
        recorder,
        ties: run.botRandom,
        think: run.think,
      },
      io,
      ({ before, event, after, by }) => {
        const me = current(before);
        if (by === 'computer') {
          // A computer's answers are written as if typed, with its reason after them.
          if (before.phase === 'draw')
            io.write(
              `Player ${toAct(before)}, what's your choice\n${DRAW_MENU}${event.type === 'layers/foughtBack' ? 1 : 2}\n`,
            );
          else {
            io.write(
              `Player ${me}, what's your choice\n${MENU}${event.type === 'layers/rested' ? 2 : 1}\n`,
            );
            if (event.type === 'layers/challenged')
              io.write(
                `Choose an available player (${opponentsOf(before, me).join(', ')})\n${event.opponent}\n`,
              );
          }
          io.write(`(computer: ${explainLayersMove(before, event)})\n`);
        }
        // The seed's own line for a rest, then whatever else the rest did (a player on top).
        if (event.type === 'layers/rested')
          io.write(
            `Your new experience point is ${Math.round(afterRest(before.experience[me] ?? 100))}\n`,
          );
        // A turn's choice has said its first line already (the menu's answer).
        const skip = by === 'chance' || before.phase === 'draw' ? 0 : 1;
        let lines = describeLayersEvent(before, event, after).slice(skip);
        // A first draw goes straight to the challenged player's menu, as in the seed.
        if (after.phase === 'draw') lines = lines.slice(0, 1);
        for (const line of lines) if (line !== '') io.write(`${line}\n`);
      },
    );
    for (let state = table.state; outcome(state).status === 'running'; state = table.state) {
      const seat = toAct(state);
      if (state.phase === 'order' || state.phase === 'fight') {
        await table.step();
        continue;
      }
      if (seats[seat]?.kind === 'computer') {
        await breathe();
        await table.step();
        continue;
      }
      const event = await personal(io, state, seat, players);
      const sent = table.send({ type: 'move', seat, event });
      if (!sent.ok) io.write(`Invalid input: ${safeText(sent.problem)}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof EndOfInput) return 0;
    return endOfRun(error, run.error);
  } finally {
    table?.close();
  }
}

/** A person's answer: in a draw, fight back or escape; on a turn, the menu, as often as it looks at someone's status. */
async function personal(
  io: ClassicIO,
  state: LayersState,
  seat: number,
  players: number,
): Promise<LayersEvent> {
  if (state.phase === 'draw') {
    const answer = await ask(io, `Player ${seat}, what's your choice\n${DRAW_MENU}`, number(1, 2));
    return { type: answer === 1 ? 'layers/foughtBack' : 'layers/escaped' };
  }
  const me = current(state);
  const prompt = `Player ${me}, what's your choice\n${MENU}`;
  for (;;) {
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
      const who = await ask(io, `Choose a player (less than ${players})\n`, number(0, players - 1));
      io.write(`${statusWords(state, who)}\n`);
    } else if (choice === 2) return { type: 'layers/rested' };
    else {
      const choices = opponentsOf(state, me);
      if (choices.length === 0) {
        io.write('Invalid input: nobody is left to fight: you are the root of everyone\n');
        continue;
      }
      const opponent = await ask(io, `Choose an available player (${choices.join(', ')})\n`, (a) =>
        /^\d{1,4}$/.test(a) && choices.includes(Number(a))
          ? { ok: true as const, value: Number(a) }
          : {
              ok: false as const,
              problem: `${a === '' ? 'nothing' : shown(a)} is not one of ${choices.join(', ')}`,
            },
      );
      return { type: 'layers/challenged', opponent };
    }
  }
}
