/**
 * Kono's console, as the seed asks for it: the option to resume from a save file, the board size
 * asked at every round, the dice for the first player, the colour chosen, the board in ASCII with
 * its row and column numbers and compass letters, the four-item menu before every turn (help
 * only before a person's move), moves asked as a point and a direction, the computer's move and
 * reason in the seed's two sentences, the round's scores and the tournament's winner. The same
 * engine, recording and bots as the full-screen game.
 */
import type { ClassicIO } from '../../classic/lines.js';
import { answerTo, ask, endOfRun, shown, Stop } from '../../classic/prompts.js';
import type { ChanceSource } from '../../engine/chance.js';
import { ConsoleTable } from '../../classic/table.js';
import type { Think } from '../../engine/bots.js';
import type { Random } from '../../engine/random.js';
import type { Recorder } from '../../engine/recording.js';
import { safeText } from '../../engine/safe-text.js';
import { seatOf, type SeatKind } from '../../engine/seats.js';
import { motiveOf, motiveWords, pointName } from './bot.js';
import { konoCore } from './core.js';
import { describeKonoEvent } from './describe.js';
import {
  check,
  colourOfSeat,
  DIRECTIONS,
  type Direction,
  type KonoEvent,
  type KonoOptions,
  type KonoState,
  outcome,
  pointProblem,
  SEAT_LABELS,
  type SavedTournament,
  setup,
} from './rules.js';
import { parseSave } from './save.js';

export interface ClassicKonoOptions {
  /** The options but the start: the asker and the size (--size). */
  readonly options: KonoOptions;
  readonly kinds: readonly SeatKind[];
  /** The dice: seeded, or a dice file (--dice FILE). */
  readonly dice: ChanceSource;
  readonly botRandom: Random;
  /** Asks a computer for its move (cli/thinking.ts: on a worker thread); here by default. */
  readonly think?: Think | undefined;
  /** A save file given with --load, already read. */
  readonly loaded?: SavedTournament | undefined;
  readonly readFile: (file: string) => { ok: true; text: string } | { ok: false; problem: string };
  /** Writes a save file atomically: the problem in words, or undefined. */
  readonly writeSave: (file: string, state: KonoState) => string | undefined;
  readonly recorderFor: (options: KonoOptions) => Recorder;
  readonly error: (message: string) => void;
}

/** The board as the seed draws it: points joined by lines, rows and columns numbered, N S W E. */
export function konoBoardText(state: KonoState): string {
  const n = state.size;
  const lines = ['N'];
  for (let row = 1; row <= n; row++) {
    const points = (state.board[row - 1] ?? []).map((p) => (p === 'O' ? '+' : p));
    // A doubled letter takes the joining dash's place before it.
    let text = `${String(row).padEnd(3)}`;
    points.forEach((p, i) => {
      if (i > 0) text += p.length === 2 ? ' -' : ' - ';
      text += p;
    });
    lines.push(text);
    if (row < n) lines.push(`   ${Array(n).fill('|').join('   ')}`);
  }
  lines.push('S');
  lines.push(
    `W  ${Array.from({ length: n }, (_, i) => String(i + 1).padEnd(4))
      .join('')
      .trimEnd()}  E`,
  );
  return `${lines.join('\n')}\n`;
}

const yesNo = (answer: string) =>
  /^y(es)?$/i.test(answer)
    ? { ok: true as const, value: true }
    : /^n(o)?$/i.test(answer)
      ? { ok: true as const, value: false }
      : {
          ok: false as const,
          problem: `${answer === '' ? 'nothing' : shown(answer)} is not y or n`,
        };

export async function runClassicKono(io: ClassicIO, run: ClassicKonoOptions): Promise<number> {
  let table: ConsoleTable<KonoState, KonoEvent> | undefined;
  const humans = run.kinds.slice(0, 2).map((k) => (k ?? 'human') === 'human');
  while (humans.length < 2) humans.push(true);
  const anyHuman = humans.some(Boolean);
  const label = (seat: number) => SEAT_LABELS[seat] ?? 'Player';
  try {
    let loaded = run.loaded;
    if (!loaded && anyHuman) {
      const resume = await ask(io, 'Do you want to resume a saved game? (y/n): ', yesNo);
      while (resume && !loaded) {
        const file = await answerTo(io, 'Enter the name of the file: ');
        const text = run.readFile(file);
        const parsed = text.ok ? parseSave(text.text) : undefined;
        if (!text.ok) io.write(`Invalid input: ${safeText(text.problem)}\n`);
        else if (parsed && !parsed.ok)
          io.write(`Invalid input: ${safeText(file)}:${parsed.line}: ${parsed.problem}\n`);
        else if (parsed?.ok) loaded = parsed.saved;
      }
    }
    const options: KonoOptions = loaded ? { ...run.options, start: loaded } : run.options;
    const names = [0, 1].map((seat) => label(seat));
    const seats = names.map((name, seat) => seatOf(name, run.kinds[seat] ?? 'human'));
    // The table holds the tournament, rolls the dice, plays the computers (their reasons
    // recorded, for the replay) and records.
    table = new ConsoleTable<KonoState, KonoEvent>(
      {
        game: konoCore,
        initial: setup(options),
        seats,
        chance: run.dice,
        recorder: run.recorderFor(options),
        ties: run.botRandom,
        think: run.think,
      },
      io,
      ({ before, event, after, by }) => {
        // The computer's move and what it wanted are said first: the move's own line is said.
        let said = 0;
        if (by === 'computer' && before.phase === 'play' && event.type === 'kono/moved') {
          const motive = motiveWords(
            before,
            motiveOf(before, event),
            names.map((n) => n.toLowerCase()),
          );
          io.write(
            `The computer moved the piece at ${pointName(event.row, event.column)} ${event.direction}.\nIt wanted ${motive}.\n`,
          );
          said = 1;
        }
        for (const line of describeKonoEvent(before, event, after, names).slice(said))
          io.write(`${line}\n`);
      },
    );
    const send = (seat: number, event: KonoEvent) => {
      const sent = table?.send({ type: 'move', seat, event });
      if (sent && !sent.ok) io.write(`Invalid input: ${safeText(sent.problem)}\n`);
    };
    let shownRound = -1;
    for (let state = table.state; outcome(state).status === 'running'; state = table.state) {
      const seat = state.turn;
      const computer = seats[seat]?.kind === 'computer';
      if (state.round !== shownRound && state.phase !== 'roundOver') {
        io.write(`\nRound ${state.round}\n`);
        shownRound = state.round;
      }
      switch (state.phase) {
        case 'size': {
          if (computer) await table.step();
          else
            send(seat, {
              type: 'kono/sizeChosen' as const,
              size: await ask(io, 'Enter the board size (5, 7 or 9): ', (a) =>
                /^[579]$/.test(a)
                  ? { ok: true, value: Number(a) }
                  : { ok: false, problem: `${a === '' ? 'nothing' : shown(a)} is not 5, 7 or 9` },
              ),
            });
          break;
        }
        case 'dice':
          await table.step();
          break;
        case 'colour': {
          if (computer) await table.step();
          else {
            const colour = await ask(
              io,
              `${label(seat)}, choose your colour (white or black): `,
              (a) =>
                /^w(hite)?$/i.test(a)
                  ? { ok: true, value: 'white' as const }
                  : /^b(lack)?$/i.test(a)
                    ? { ok: true, value: 'black' as const }
                    : {
                        ok: false,
                        problem: `${a === '' ? 'nothing' : shown(a)} is not white or black`,
                      },
            );
            send(seat, { type: 'kono/colourChosen', colour });
          }
          break;
        }
        case 'roundOver': {
          // A computer asked for another round says no: a console's match is one round.
          const again = computer
            ? false
            : await ask(io, 'Do you want to play another round? (y/n): ', yesNo);
          send(seat, { type: 'kono/anotherRound', again });
          break;
        }
        case 'play': {
          io.write(`\n${konoBoardText(state)}`);
          const colour = colourOfSeat(state, seat);
          io.write(
            `${label(seat)} (${colour}) to play. Tournament: ${label(0)} ${state.totals[0]}, ${label(1)} ${state.totals[1]}.\n`,
          );
          // The menu before every turn; with nobody at the keyboard the computer simply moves.
          let choice = 2;
          if (anyHuman) {
            const items = computer
              ? ['Save the game', 'Make a move', 'Quit the game']
              : ['Save the game', 'Make a move', 'Ask for help', 'Quit the game'];
            items.forEach((item, i) => io.write(`${i + 1}. ${item}\n`));
            const picked = await ask(io, 'Your choice: ', (a) =>
              /^\d$/.test(a) && Number(a) >= 1 && Number(a) <= items.length
                ? { ok: true, value: items[Number(a) - 1] as string }
                : {
                    ok: false,
                    problem: `${a === '' ? 'nothing' : shown(a)} is not 1 to ${items.length}`,
                  },
            );
            choice =
              picked === 'Save the game'
                ? 1
                : picked === 'Quit the game'
                  ? 4
                  : picked === 'Ask for help'
                    ? 3
                    : 2;
          }
          if (choice === 1) {
            const file = await ask(io, 'Enter the file name to save to: ', (a) =>
              a === '' ? { ok: false, problem: 'a file name is needed' } : { ok: true, value: a },
            );
            const problem = run.writeSave(file, state);
            if (problem !== undefined) {
              io.write(`Invalid input: ${safeText(problem)}\n`);
              break;
            }
            io.write(`The game was saved in ${safeText(file)}.\n`);
            table.close('saved');
            return 0;
          }
          if (choice === 4) {
            // Before the computer's turn it is the person at the menu who quits.
            const quitter = computer ? humans.indexOf(true) : seat;
            send(seat, { type: 'kono/quit', seat: quitter });
            break;
          }
          if (choice === 3) {
            // The table's hint: its strong computer's move, with the tie-breaks of the game's.
            const asked = table.send({ type: 'hint', seat });
            const hint = asked.ok ? (asked.hint ?? (await asked.thinking)) : undefined;
            if (hint?.event.type === 'kono/moved')
              io.write(
                `Help: move the piece at ${pointName(hint.event.row, hint.event.column)} ${hint.event.direction}, ${motiveWords(state, motiveOf(state, hint.event))}.\n`,
              );
            break;
          }
          if (computer) await table.step();
          else send(seat, await askMove(io, state));
          break;
        }
        default:
          throw new Stop('the tournament is in no phase to play');
      }
    }
    return 0;
  } catch (error) {
    return endOfRun(error, run.error);
  } finally {
    table?.close();
  }
}

/** A point and a direction, asked until the rules accept the move. */
async function askMove(io: ClassicIO, state: KonoState): Promise<KonoEvent> {
  for (;;) {
    const [row, column] = await ask(
      io,
      'Enter the row and column of the piece to move (such as 2 1): ',
      (a) => {
        const m = /^\(?\s*(\d+)\s*[,\s]\s*(\d+)\s*\)?$/.exec(a);
        if (!m)
          return {
            ok: false,
            problem: `${a === '' ? 'nothing' : shown(a)} is not a row and a column`,
          };
        const point = [Number(m[1]), Number(m[2])] as const;
        // Refused before the direction is asked: off the board, or not the player's piece.
        const problem = pointProblem(state, point[0], point[1]);
        return problem === undefined ? { ok: true, value: point } : { ok: false, problem };
      },
    );
    const direction = await ask(
      io,
      'Enter the direction (northwest, northeast, southeast or southwest): ',
      (a) => {
        const word = a.toLowerCase().replace(/\s+/g, '');
        const short: Record<string, Direction> = {
          nw: 'northwest',
          ne: 'northeast',
          se: 'southeast',
          sw: 'southwest',
        };
        const d = (DIRECTIONS as readonly string[]).includes(word)
          ? (word as Direction)
          : short[word];
        return d
          ? { ok: true, value: d }
          : {
              ok: false,
              problem: `${a === '' ? 'nothing' : shown(a)} is not northwest, northeast, southeast or southwest`,
            };
      },
    );
    const move: KonoEvent = { type: 'kono/moved', row, column, direction };
    const problem = check(state, move);
    if (problem === undefined) return move;
    io.write(`Invalid input: ${safeText(problem)}\n`);
  }
}
