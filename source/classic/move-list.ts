/**
 * The default console (issue 42): a game that writes no console of its own is played on this at
 * --classic and on pipes. The players give their names; each turn says whose it is and lists the
 * legal moves numbered, in the game's own words (its core's describe); a number makes one, q
 * quits, anything else is refused with the reason and asked again. Throws are drawn as they fall
 * due and the computers play their seats, with their reasons. The same table, recording and
 * bots as the full screen (classic/table.ts).
 */
import { botRandom } from '../engine/random.js';
import type { GameCore } from '../engine/core.js';
import { type GameEvent, outcomeWords } from '../engine/game.js';
import { safeText } from '../engine/safe-text.js';
import { defaultSeatName, type Seat, seatOf } from '../engine/seats.js';
import { legalMoveLines } from '../engine/timeline.js';
import type { ClassicIO, ClassicRun } from './lines.js';
import { answerTo, ask, choice, endOfRun, Stop } from './prompts.js';
import { ConsoleTable } from './table.js';

/** A console's game options: what the command line settled, the rest typical; a problem stops the run. */
export function optionsOfRun<O>(core: GameCore<unknown, GameEvent, O>, run: ClassicRun): O {
  const parsed = core.parseOptions({ ...core.typicalOptions, ...run.settings });
  if (!parsed.ok) throw new Stop(parsed.problem);
  return parsed.options;
}

export async function moveListConsole<S, E extends GameEvent, O>(
  core: GameCore<S, E, O>,
  io: ClassicIO,
  run: ClassicRun,
): Promise<number> {
  let at: ConsoleTable<S, E> | undefined;
  try {
    const options = optionsOfRun(core, run);
    const seats: Seat[] = [];
    for (let seat = 0; seat < core.seatCount(options); seat++) {
      const kind = run.kinds[seat] ?? 'human';
      const name =
        kind === 'human' ? await answerTo(io, `Player ${seat + 1}, what is your name? `) : '';
      seats.push(seatOf(safeText(name) || defaultSeatName(kind, seat), kind));
    }
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
        for (const line of core.describe(before, event, after, names)) io.write(`${line}\n`);
        if (by === 'computer' && reason) io.write(`  (${reason})\n`);
      },
    );
    at = table;
    while (table.table.outcome.status === 'running') {
      const { state } = table;
      const seat = table.table.toAct;
      if (core.rules.chance(state) !== undefined || seats[seat]?.kind === 'computer') {
        await table.step();
        continue;
      }
      const moves = legalMoveLines(core, state, names);
      if (moves.length === 0)
        throw new Stop(`${names[seat]} has no move, and the game is not over`);
      io.write(`${names[seat]} to move:\n`);
      moves.forEach(({ line }, i) => io.write(`  ${i + 1}. ${line}\n`));
      const numbers = moves.map((_, i) => i + 1);
      const number = choice(numbers, `a move from 1 to ${moves.length}, or q to quit`);
      const left = await ask(io, 'Your move? ', (answer) => {
        if (/^q(uit)?$/i.test(answer)) return { ok: true, value: true };
        const picked = number(answer);
        if (!picked.ok) return picked;
        const { event } = moves[picked.value - 1] as { event: E };
        const sent = table.send({ type: 'move', seat, event });
        return sent.ok ? { ok: true, value: false } : sent;
      });
      if (left) {
        io.write(`${names[seat]} left the game.\n`);
        return 0;
      }
    }
    io.write(`The game is over: ${outcomeWords(table.table.outcome, names)}.\n`);
    return 0;
  } catch (error) {
    return endOfRun(error, run.error);
  } finally {
    at?.close();
  }
}
