/**
 * The default console (issue 42): a game that writes no console of its own is played on this at
 * --classic and on pipes. The players give their names; each turn says whose it is and lists the
 * legal moves numbered, in the game's own words (its core's describe); a number makes one, q
 * quits, anything else is refused with the reason and asked again. Throws are drawn as they fall
 * due and the computers play their seats, with their reasons. The same table, recording and
 * bots as the full screen (classic/table.ts).
 *
 * A game whose players type their moves gives a face instead of the list (Yoté's `place C3`):
 * how its seats are asked, its board between turns, its question, how an answer reads and how a
 * move is written; the loop, the table and the recording stay these.
 */
import { botRandom } from '../engine/random.js';
import type { GameCore } from '../engine/core.js';
import { type GameEvent, outcomeWords } from '../engine/game.js';
import { safeText } from '../engine/safe-text.js';
import { defaultSeatName, type Seat, type SeatKind, seatOf } from '../engine/seats.js';
import { legalMoveLines } from '../engine/timeline.js';
import type { ClassicIO, ClassicRun } from './lines.js';
import { answerTo, ask, choice, endOfRun, Stop } from './prompts.js';
import { ConsoleTable } from './table.js';

/** A console where the players type their moves: what the game says and reads. */
export interface ConsoleFace<S, E> {
  /** Asks who sits where (names, a side chosen); by default each person's name, in seat order. */
  seats?(io: ClassicIO, kinds: readonly SeatKind[]): Promise<Seat[]>;
  /** Written once a position before its question (the board and the counts), if anything. */
  board?(state: S, names: readonly string[]): string | undefined;
  /** The only move there is, made without asking, with the line that says so. */
  forced?(state: S): { readonly event: E; readonly line: string } | undefined;
  question(state: S, names: readonly string[]): string;
  /** A typed answer as the move it means, or why it is none. */
  parse(state: S, answer: string): E | string;
  /** A move as a person would have typed it: a computer's are written so, its reason after. */
  typed(event: E): string;
  /** The describe lines that are said as moves are made (the ending is said once, at the end). */
  said?(line: string): boolean;
  /** The last words, once the game is over. */
  end(state: S, names: readonly string[]): string;
}

/** A console's game options: what the command line settled, the rest typical; a problem stops the run. */
export function optionsOfRun<O>(core: GameCore<unknown, GameEvent, O>, run: ClassicRun): O {
  const parsed = core.parseOptions({ ...core.typicalOptions, ...run.settings });
  if (!parsed.ok) throw new Stop(parsed.problem);
  return parsed.options;
}

/** A person's name asked for a seat (a computer's named for its level). */
export async function namedSeat(io: ClassicIO, kind: SeatKind, seat: number): Promise<Seat> {
  const name =
    kind === 'human' ? await answerTo(io, `Player ${seat + 1}, what is your name? `) : '';
  return seatOf(safeText(name) || defaultSeatName(kind, seat), kind);
}

export async function gameConsole<S, E extends GameEvent, O>(
  core: GameCore<S, E, O>,
  io: ClassicIO,
  run: ClassicRun,
  face?: ConsoleFace<S, E>,
): Promise<number> {
  let at: ConsoleTable<S, E> | undefined;
  try {
    const options = optionsOfRun(core, run);
    let seats: Seat[] = [];
    if (face?.seats) seats = await face.seats(io, run.kinds);
    else
      for (let seat = 0; seat < core.seatCount(options); seat++)
        seats.push(await namedSeat(io, run.kinds[seat] ?? 'human', seat));
    const names = seats.map((seat) => seat.name);
    const drawn = core.chance ? run.chanceFor(0, options) : undefined;
    const table = new ConsoleTable<S, E>(
      {
        game: core,
        initial: core.rules.setup(options),
        seats,
        chance: drawn?.source,
        recorder: run.recorderFor(options, drawn?.seed ?? null, seats),
        ties: botRandom(run.botSeed),
        think: run.think,
      },
      io,
      ({ before, event, after, by, reason }) => {
        if (face && by === 'computer')
          io.write(`${face.question(before, names)}${face.typed(event)}\n  (${reason})\n`);
        for (const line of core.describe(before, event, after, names))
          if (face?.said?.(line) ?? true) io.write(`${line}\n`);
        if (!face && by === 'computer' && reason) io.write(`  (${reason})\n`);
      },
    );
    at = table;
    // A position is drawn once; a refused answer only gets its reason and the question again.
    let shown: S | null = null;
    while (table.table.outcome.status === 'running') {
      const { state } = table;
      const seat = table.table.toAct;
      if (face && shown !== state) {
        const board = face.board?.(state, names);
        if (board !== undefined) io.write(board);
        shown = state;
      }
      const forced = face?.forced?.(state);
      if (forced) {
        io.write(`${forced.line}\n`);
        table.send({ type: 'move', seat, event: forced.event });
      } else if (core.rules.chance(state) !== undefined || seats[seat]?.kind === 'computer')
        await table.step();
      else if (face)
        await ask(io, face.question(state, names), (answer) => {
          const event = face.parse(state, answer);
          if (typeof event === 'string') return { ok: false, problem: event };
          const sent = table.send({ type: 'move', seat, event });
          return sent.ok ? { ok: true, value: sent } : sent;
        });
      else if (await listedMove(io, core, table, seat, names)) {
        io.write(`${names[seat]} left the game.\n`);
        return 0;
      }
    }
    io.write(
      face
        ? face.end(table.state, names)
        : `The game is over: ${outcomeWords(table.table.outcome, names)}.\n`,
    );
    return 0;
  } catch (error) {
    return endOfRun(error, run.error);
  } finally {
    at?.close();
  }
}

/** The legal moves listed and one made by its number; true when the player quit instead. */
async function listedMove<S, E extends GameEvent, O>(
  io: ClassicIO,
  core: GameCore<S, E, O>,
  table: ConsoleTable<S, E>,
  seat: number,
  names: readonly string[],
): Promise<boolean> {
  const moves = legalMoveLines(core, table.state, names);
  if (moves.length === 0) throw new Stop(`${names[seat]} has no move, and the game is not over`);
  io.write(`${names[seat]} to move:\n`);
  moves.forEach(({ line }, i) => io.write(`  ${i + 1}. ${line}\n`));
  const numbers = moves.map((_, i) => i + 1);
  const number = choice(numbers, `a move from 1 to ${moves.length}, or q to quit`);
  return ask(io, 'Your move? ', (answer) => {
    if (/^q(uit)?$/i.test(answer)) return { ok: true, value: true };
    const picked = number(answer);
    if (!picked.ok) return picked;
    const { event } = moves[picked.value - 1] as { event: E };
    const sent = table.send({ type: 'move', seat, event });
    return sent.ok ? { ok: true, value: false } : sent;
  });
}
