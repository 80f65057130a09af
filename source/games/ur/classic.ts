/**
 * The Royal Game of Ur's console, as the seed's program has it (rules/ur.md): the board file
 * and the two names asked, the board drawn square by square, `You rolled N`, the numbered
 * stones, `Which move do you wish to make?`, and `No moves are possible with the current dice
 * roll.` The same engine, table, recording and bots as the full-screen game (classic/table.ts).
 */
import type { ClassicIO } from '../../classic/lines.js';
import { answerTo, endOfRun, shown } from '../../classic/prompts.js';
import { safeText } from '../../engine/safe-text.js';
import { ConsoleTable } from '../../classic/table.js';
import type { Think } from '../../engine/bots.js';
import type { ChanceSource } from '../../engine/chance.js';
import type { Random } from '../../engine/random.js';
import type { Recorder } from '../../engine/recording.js';
import { defaultSeatName, type SeatKind, seatOf } from '../../engine/seats.js';
import { type BoardSpec, historicalSpec, key, parseBoard } from './board.js';
import { urCore } from './core.js';
import { seedStoneName } from './describe.js';
import { setup, squareOf, type UrEvent, type UrOptions, type UrState } from './rules.js';

export interface ClassicUrOptions {
  readonly dice: ChanceSource;
  readonly botRandom: Random;
  /** Asks a computer for its move (cli/thinking.ts: on a worker thread); here by default. */
  readonly think?: Think | undefined;
  /** The board from --board, else the board file is asked for. */
  readonly board?: { readonly spec: BoardSpec; readonly name: string } | undefined;
  readonly readBoard: (file: string) => { ok: true; text: string } | { ok: false; problem: string };
  readonly kinds: readonly SeatKind[];
  /** Stones per side from --stones (absent: the seed's seven, and the header as before). */
  readonly stones?: number | undefined;
  readonly recorderFor: (options: UrOptions, names: readonly string[]) => Recorder;
  /** Problems that stop the run (a dice script that ran out). */
  readonly error: (message: string) => void;
}

/** The board as the seed draws it: every square five lines of eight characters. */
export function urBoardText(state: UrState): string {
  const { rows, columns, rosettes, forbidden } = state.rules.board;
  const who = new Map<string, string>();
  for (const colour of [0, 1]) {
    (state.stones[colour] ?? []).forEach((place, stone) => {
      const square = squareOf(state, colour, place);
      if (square) who.set(square, seedStoneName(colour, stone));
    });
  }
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const band = ['', '', '', '', ''];
    for (let c = 0; c < columns; c++) {
      const here = key(r, c);
      if (forbidden.has(here)) {
        for (let i = 0; i < 5; i++) band[i] += ' '.repeat(8);
        continue;
      }
      const star = rosettes.has(here) ? '*' : ' ';
      const stone = who.get(here);
      band[0] += '++++++++';
      band[1] += `+${star}    ${star}+`;
      band[2] += stone ? `+  ${stone}  +` : '+      +';
      band[3] += `+${star}    ${star}+`;
      band[4] += '++++++++';
    }
    lines.push(...band.map((l) => l.trimEnd()));
  }
  return `${lines.join('\n')}\n`;
}

function placeText(state: UrState, colour: number, place: number): string {
  const path = state.rules.board.paths[colour] ?? [];
  if (place < 0) return 'currently off the board';
  if (place >= path.length) return 'has left the board';
  const [r, c] = (squareOf(state, colour, place) as string).split(',');
  return `(${r}, ${c})`;
}

export async function runClassicUr(io: ClassicIO, options: ClassicUrOptions): Promise<number> {
  const read = (prompt: string) => answerTo(io, prompt);
  let table: ConsoleTable<UrState, UrEvent> | undefined;
  try {
    let board = options.board;
    // A match between computers plays the historical board unless --board names another.
    if (
      !board &&
      options.kinds.length >= 2 &&
      options.kinds.slice(0, 2).every((k) => k !== 'human')
    ) {
      board = { spec: historicalSpec(), name: 'the historical board' };
    }
    while (!board) {
      const file = await read('What is the file name of the board json? ');
      if (file === '') {
        board = { spec: historicalSpec(), name: 'the historical board' };
        break;
      }
      const text = options.readBoard(file);
      const loaded = text.ok ? parseBoard(text.text, file) : text;
      if (loaded.ok) board = { spec: loaded.board.spec, name: file };
      else io.write(`Invalid input: ${safeText(loaded.problem)}\n`);
    }
    const names: string[] = [];
    for (const colour of ['white', 'black']) {
      const seat = names.length;
      const name =
        options.kinds[seat] && options.kinds[seat] !== 'human'
          ? ''
          : await read('What is your name? ');
      // A typed name is echoed and recorded: nothing of it may act on a terminal (as Yoté's).
      names.push(
        name === '' ? defaultSeatName(options.kinds[seat] ?? 'human', seat) : safeText(name),
      );
      io.write(`${names[seat]} you will play as ${colour}.\n`);
    }
    const seats = names.map((name, seat) => seatOf(name, options.kinds[seat] ?? 'human'));
    const gameOptions: UrOptions = {
      board: board.spec,
      extraRollOnRosette: true,
      ...(options.stones === undefined ? {} : { stones: options.stones }),
    };
    // The table holds the game, rolls, plays the computers (their reasons go into the recording
    // for the replay; the seed's console says none) and records.
    table = new ConsoleTable<UrState, UrEvent>(
      {
        game: urCore,
        initial: setup(gameOptions),
        seats,
        chance: options.dice,
        recorder: options.recorderFor(gameOptions, names),
        ties: options.botRandom,
        think: options.think,
      },
      io,
      ({ before, event, after, by }) => {
        if (event.type === 'ur/stoneMoved') {
          if (by === 'computer') io.write(`Which move do you wish to make? ${event.stone + 1}\n`);
          return;
        }
        io.write(`You rolled ${event.dice.reduce<number>((a, d) => a + d, 0)}\n`);
        const colour = before.turn;
        if (after.phase === 'roll' && after.turn !== colour) {
          io.write('No moves are possible with the current dice roll.\n');
          return;
        }
        (after.stones[colour] ?? []).forEach((place, stone) => {
          io.write(
            `${stone + 1} ${seedStoneName(colour, stone)} ${placeText(after, colour, place)}\n`,
          );
        });
      },
    );
    for (let state = table.state; state.phase !== 'over'; state = table.state) {
      const colour = state.turn;
      if (state.phase === 'roll') {
        io.write(urBoardText(state));
        await table.step();
        continue;
      }
      if (seats[colour]?.kind === 'computer') {
        await table.step();
        continue;
      }
      const answer = await read('Which move do you wish to make? ');
      const choice = /^[1-7]$/.test(answer) ? Number(answer) : Number.NaN;
      const sent = Number.isNaN(choice)
        ? {
            ok: false as const,
            problem: `${answer === '' ? 'nothing' : shown(answer)} is not a stone: answer 1 to ${state.rules.stones}`,
          }
        : table.send({
            type: 'move',
            seat: colour,
            event: { type: 'ur/stoneMoved', stone: choice - 1 },
          });
      if (!sent.ok) io.write(`Invalid input: ${safeText(sent.problem)}\n`);
    }
    const state = table.state;
    io.write(urBoardText(state));
    io.write(`${names[state.winner ?? 0]} wins!\n`);
    return 0;
  } catch (error) {
    return endOfRun(error, options.error);
  } finally {
    table?.close();
  }
}
