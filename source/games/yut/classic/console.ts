/**
 * The classic line protocol of the original assignment (rules/yut-classic.md), basic game:
 * the menu, the number of players and pieces, then for every move the board, the state block
 * and the turn block, and the two answers. The same engine and the same events as the
 * full-screen UI, held by a table (classic/table.ts); the same recording.
 */
import { RESULTS } from '../board.js';
import { unusedResults } from '../describe.js';
import {
  check,
  inHand,
  type PieceMoved,
  setup,
  type YutEvent,
  type YutOptions,
  type YutState,
} from '../rules.js';
import type { ThrowSource } from '../throws.js';
import type { ClassicIO } from '../../../classic/lines.js';
import { ask, choice, endOfRun, shown } from '../../../classic/prompts.js';
import { ConsoleTable } from '../../../classic/table.js';
import type { Bot, Think } from '../../../engine/bots.js';
import { botRandom, type Random } from '../../../engine/random.js';
import type { Recorder } from '../../../engine/recording.js';
import { seatOf, type SeatKind } from '../../../engine/seats.js';
import { yutBot } from '../bot.js';
import { yutCore } from '../core.js';
import { BASIC_MENU, stateBlock, turnBlock } from './text.js';

export interface ClassicYutOptions {
  readonly colour: boolean;
  /** The throws of each new game (the n-th game of this run, from 0). */
  readonly throwsFor: (game: number) => { throws: ThrowSource; seed: number | null };
  /** Where a game's events are recorded (`names`: the players' IDs in the advanced game). */
  readonly recorderFor: (
    options: YutOptions,
    seed: number | null,
    names?: readonly string[],
  ) => Recorder;
  /** Problems that stop the program (a throw script that ran out) go here. */
  readonly error: (message: string) => void;
  /** What sits in each seat: a person (answers from the input) or the computer at a level. */
  readonly kinds?: readonly SeatKind[] | undefined;
  /** With every seat a computer: the game to play, with no menu and no input. */
  readonly players?: number | undefined;
  readonly pieces?: number | undefined;
  /** Seeds the computers' tie-breaks. */
  readonly botSeed?: number | undefined;
  /** Asks a computer for its move (cli/thinking.ts: on a worker thread); here by default. */
  readonly think?: Think | undefined;
}

export type Bots = readonly (Bot<YutState, YutEvent> | undefined)[];

/** Run the protocol until "end program" or the end of input. Returns the exit code. */
export async function runClassicYut(io: ClassicIO, options: ClassicYutOptions): Promise<number> {
  let games = 0;
  const kinds = options.kinds ?? [];
  const bots: Bots = [0, 1, 2, 3].map((seat) => {
    const kind = kinds[seat] ?? 'human';
    return kind === 'human' ? undefined : yutBot(kind);
  });
  const random = botRandom(options.botSeed ?? 0);
  try {
    if (kinds.length >= 4 && kinds.every((k) => k !== 'human')) {
      // A match between computers: one game, no menu, no input.
      await playGame(
        io,
        options,
        { players: options.players ?? 2, pieces: options.pieces ?? 4 },
        0,
        bots,
        random,
      );
      return 0;
    }
    for (;;) {
      io.write(BASIC_MENU.map((l) => `${l}\n`).join(''));
      const selected = await ask(io, 'Select the function you want : ', choice([1, 2], '1 or 2'));
      if (selected === 2) return 0;
      const players = await ask(
        io,
        'number of players (2, 3, 4) : ',
        choice([2, 3, 4], '2, 3 or 4'),
      );
      const pieces = await ask(
        io,
        'number of pieces per player (1, 2, 3, 4) : ',
        choice([1, 2, 3, 4], '1, 2, 3 or 4'),
      );
      await playGame(io, options, { players, pieces }, games++, bots, random);
    }
  } catch (error) {
    return endOfRun(error, options.error);
  }
}

/** The advanced game's part in a game: the IDs by seat, and saving at the start of a turn. */
export interface AdvancedPlay {
  readonly ids: readonly string[];
  /** Write the game to game_info.txt; the problem in words if it could not be written. */
  readonly save: (state: YutState) => string | undefined;
}

/** Play one game; 'saved' when the players saved and left (advanced game), else 'over'. */
export async function playGame(
  io: ClassicIO,
  options: ClassicYutOptions,
  gameOptions: YutOptions,
  game: number,
  bots: Bots,
  random: Random,
  advanced?: AdvancedPlay,
): Promise<'over' | 'saved'> {
  const { throws, seed } = options.throwsFor(game);
  const ids = advanced?.ids;
  const initial = setup(gameOptions);
  // The seats as the seed's console names them (its IDs in the advanced game): the computers'
  // reasons say them so.
  const seats = initial.positions.map((_, seat) => {
    const name = ids?.[seat] ?? `Player ${seat}`;
    const bot = bots[seat];
    return bot ? seatOf(name, bot.level) : seatOf(name, 'human');
  });
  let turnStarts = true;
  /** Results the rules discarded as the turn passed, still shown and answered (seed example 4). */
  let unusable: YutState | undefined;
  // The table holds the game, throws, plays the computers (their reasons go into the recording
  // for the replay; the seed's console says none) and records.
  const table = new ConsoleTable<YutState, YutEvent>(
    {
      game: yutCore,
      initial,
      seats,
      chance: throws,
      recorder: options.recorderFor(gameOptions, seed, ids),
      ties: random,
      think: options.think,
      bots: seats.map((_, seat) => bots[seat]),
    },
    io,
    ({ before, event, after, by }) => {
      if (by === 'computer' && event.type === 'yut/pieceMoved')
        io.write(`>> position : ${event.from}\n>> yut : ${event.result}\n`);
      const unused =
        after.turn !== before.turn && after.phase !== 'over' ? unusedResults(before, event) : [];
      unusable =
        unused.length > 0 && !caughtPig(before, after) ? { ...before, results: unused } : undefined;
      if (after.turn !== before.turn) turnStarts = true;
    },
  );
  try {
    for (let state = table.state; state.phase !== 'over'; state = table.state) {
      if (advanced && turnStarts) {
        // The advanced game: between turns, before the throw, the player may save and leave.
        turnStarts = false;
        io.write(stateBlock(state, options.colour, ids));
        const answer = bots[state.turn]
          ? (io.write('Continue (0) / Save and Exit the game (1) : 0\n'), 0)
          : await ask(io, 'Continue (0) / Save and Exit the game (1) : ', choice([0, 1], '0 or 1'));
        if (answer === 1) {
          const problem = advanced.save(state);
          if (problem === undefined) {
            io.write('Game saved successfully!\n');
            table.close('saved');
            return 'saved';
          }
          io.write(`The game could not be saved: ${problem}\n`);
        }
      }
      unusable = undefined;
      // The throw phase: the program throws until a throw earns no more.
      while (table.state.phase === 'throw' && !unusable) await table.step();
      if (unusable) {
        await answerUnusable(io, options, unusable, bots, ids);
        continue;
      }
      const toMove = table.state;
      io.write(stateBlock(toMove, options.colour, ids) + turnBlock(toMove));
      if (bots[toMove.turn]) await table.step();
      else table.send({ type: 'move', seat: toMove.turn, event: await askMove(io, toMove) });
      if (table.state.phase === 'over') break;
      if (unusable) await answerUnusable(io, options, unusable, bots, ids);
    }
    io.write(`Player ${table.state.winner} win\n`);
    return 'over';
  } finally {
    table.close();
  }
}

function caughtPig(before: YutState, after: YutState): boolean {
  return (
    before.rules.animals !== null &&
    before.positions.some(
      (pieces, seat) =>
        seat !== before.turn &&
        before.rules.animals?.[seat] === 'pig' &&
        pieces.some((p, i) => p !== after.positions[seat]?.[i]),
    )
  );
}

/** Only unusable results left: the block and the prompts are shown and answered; nothing happens. */
async function answerUnusable(
  io: ClassicIO,
  options: ClassicYutOptions,
  shownState: YutState,
  bots: Bots,
  ids?: readonly string[],
) {
  io.write(stateBlock(shownState, options.colour, ids) + turnBlock(shownState));
  if (bots[shownState.turn]) {
    io.write(`>> position : 0\n>> yut : ${shownState.results[0]}\n`);
    return;
  }
  await ask(io, '>> position : ', (answer) => parsePosition(answer));
  await ask(io, '>> yut : ', (answer) => parseResult(shownState, answer));
}

function parsePosition(answer: string) {
  if (!/^\d+$/.test(answer)) {
    return {
      ok: false as const,
      problem: `${answer === '' ? 'nothing' : shown(answer)} is not a position: write 0 for a new piece, or 1 to 29`,
    };
  }
  const position = Number(answer);
  if (position > 29)
    return {
      ok: false as const,
      problem: `${position} is not a position: write 0 for a new piece, or 1 to 29`,
    };
  return { ok: true as const, value: position };
}

function parseResult(state: YutState, answer: string) {
  const result = RESULTS.find((r) => r === answer.toLowerCase());
  if (!result) {
    return {
      ok: false as const,
      problem: `${answer === '' ? 'nothing' : shown(answer)} is not a result: write back-do, do, gae, geol, yut or mo`,
    };
  }
  if (!state.results.includes(result)) {
    return {
      ok: false as const,
      problem: `Player ${state.turn} has no ${result} (has ${state.results.join(', ')})`,
    };
  }
  return { ok: true as const, value: result };
}

/** Ask for a move until the rules accept it: a bad position or result is asked again at once. */
async function askMove(io: ClassicIO, state: YutState): Promise<PieceMoved> {
  const seat = state.turn;
  for (;;) {
    const from = await ask(io, '>> position : ', (answer) => {
      const parsed = parsePosition(answer);
      if (!parsed.ok) return parsed;
      const p = parsed.value;
      if (p === 0 && inHand(state, seat) === 0) {
        return { ok: false, problem: `Player ${seat} has no piece left in hand` };
      }
      if (p > 0 && !(state.positions[seat] ?? []).includes(p)) {
        return { ok: false, problem: `Player ${seat} has no piece at ${p}` };
      }
      return parsed;
    });
    const result = await ask(io, '>> yut : ', (answer) => parseResult(state, answer));
    const move: PieceMoved = { type: 'yut/pieceMoved', from, result };
    const problem = check(state, move);
    if (problem === undefined) return move;
    io.write(`Invalid input: ${problem}\n`);
  }
}
