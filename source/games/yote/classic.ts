/**
 * Yoté's plain console, in the spirit of the seed's use cases: the players give their names and
 * choose their colours, then each turn shows the board with its coordinates and asks for one
 * action (place, move or attack); an attack asks for the extra piece to take and whether to jump
 * again. A refused answer gets the reason and the same question again. The same engine,
 * table, recording and bots as the full-screen game (classic/table.ts).
 */
import type { ClassicIO, ClassicRun } from '../../classic/lines.js';
import { optionsOfRun } from '../../classic/move-list.js';
import { answerTo, ask, endOfRun, shown } from '../../classic/prompts.js';
import { ConsoleTable } from '../../classic/table.js';
import { botRandom } from '../../engine/random.js';
import { safeText } from '../../engine/safe-text.js';
import { defaultSeatName, type Seat, seatOf } from '../../engine/seats.js';
import { yoteCore } from './core.js';
import { describeYoteEvent, endingWords } from './describe.js';
import {
  BOARD,
  CELL_NAMES,
  cellOf,
  COLOUR_NAMES,
  COLUMNS,
  EMPTY,
  onBoard,
  setup,
  type YoteEvent,
  type YoteState,
} from './rules.js';

const PIECE = ['W', 'B'];

/** The board with its coordinates, row 5 at the top as on the full screen. */
export const yoteBoardText = (state: YoteState): string =>
  BOARD.text((cell) => PIECE[state.board[cell] ?? EMPTY] ?? '.');

/** An action typed at the console: `place C3`, `move C3 C4`, `attack C3 C5`, or just the cells. */
export function parseAction(answer: string): YoteEvent | string {
  const cells = wordsOf(answer);
  const verb = /^[A-Z]{2,}$/.test(cells[0] ?? '') ? cells.shift() : undefined;
  const bad = cells.find((c) => cellOf(c) === undefined);
  if (bad !== undefined)
    return `${shown(bad)} is not a cell: columns A to F, rows 1 to 5 (such as C3)`;
  const [a, b] = cells;
  const distance = a && b ? Math.abs((cellOf(a) as number) - (cellOf(b) as number)) : Number.NaN;
  const jumpLike = distance === 2 || distance === 2 * COLUMNS;
  switch (verb) {
    case undefined:
      if (cells.length === 1 && a) return { type: 'yote/placed', cell: a };
      if (cells.length === 2 && a && b)
        return jumpLike
          ? { type: 'yote/jumped', from: a, to: b }
          : { type: 'yote/moved', from: a, to: b };
      break;
    case 'PLACE':
    case 'P':
      if (cells.length === 1 && a) return { type: 'yote/placed', cell: a };
      return 'place takes one cell, such as: place C3';
    case 'MOVE':
    case 'STEP':
      if (cells.length === 2 && a && b) return { type: 'yote/moved', from: a, to: b };
      return 'move takes two cells, such as: move C3 C4';
    case 'ATTACK':
    case 'JUMP':
      if (cells.length === 2 && a && b) return { type: 'yote/jumped', from: a, to: b };
      return 'attack takes the piece and where it lands, such as: attack C3 C5';
    default:
      return `${shown(verb.toLowerCase())} is not an action: place, move or attack`;
  }
  return 'write place C3, move C3 C4 or attack C3 C5';
}

export async function runClassicYote(io: ClassicIO, run: ClassicRun): Promise<number> {
  let table: ConsoleTable<YoteState, YoteEvent> | undefined;
  try {
    const options = optionsOfRun(yoteCore, run);
    // Player 1 chooses a colour; player 2 plays the other (the seed's "Starting game").
    const players: Seat[] = [];
    let firstColour = 0;
    for (const player of [0, 1]) {
      const kind = run.kinds[player] ?? 'human';
      const name =
        kind === 'human' ? await answerTo(io, `Player ${player + 1}, what is your name? `) : '';
      players.push(seatOf(safeText(name) || defaultSeatName(kind, player), kind));
      if (player === 0 && kind === 'human') {
        const question = `${players[0]?.name}, which colour will you play, white or black? `;
        firstColour = await ask(io, question, colourAnswer);
      }
    }
    const seats = firstColour === 0 ? players : [players[1] as Seat, players[0] as Seat];
    const names = seats.map((s) => s.name);
    for (const colour of [0, 1])
      io.write(
        `${names[colour]} plays ${COLOUR_NAMES[colour]}${colour === 0 ? ' and moves first' : ''}.\n`,
      );
    const status = (s: YoteState) =>
      [0, 1]
        .map(
          (c) =>
            `${COLOUR_NAMES[c]} (${names[c]}): ${s.hands[c]} in hand, ${onBoard(s, c)} on the board, ${s.lost[c]} lost`,
        )
        .join('\n');
    const promptFor = (state: YoteState) => {
      const colour = state.turn;
      const who = `${names[colour]} (${COLOUR_NAMES[colour]})`;
      return state.step === 'act'
        ? `${who}, your action (place C3, move C3 C4, attack C3 C5): `
        : state.step === 'remove'
          ? `${who}, take which ${COLOUR_NAMES[1 - colour]} piece? `
          : `${who}, jump again from ${CELL_NAMES[state.attacker ?? 0]} (a cell to land on) or stop: `;
    };
    // The table (seat 0 is White) holds the game, plays the computers and keeps the recording.
    const at = new ConsoleTable<YoteState, YoteEvent>(
      {
        game: yoteCore,
        initial: setup(options),
        seats,
        chance: undefined,
        recorder: run.recorderFor(options, null, seats),
        ties: botRandom(run.botSeed),
        think: run.think,
      },
      io,
      ({ before, event, after, by, reason }) => {
        // A computer's answer is written as if typed, with its reason after it.
        if (by === 'computer') io.write(`${promptFor(before)}${answerFor(event)}\n  (${reason})\n`);
        for (const line of describeYoteEvent(before, event, after, names))
          if (!line.startsWith('A draw') && !line.includes(' wins: ')) io.write(`${line}\n`);
      },
    );
    table = at;
    // The board is drawn once a turn; a refused answer only gets its reason and the question.
    let drawn: YoteState | null = null;
    for (let state = at.state; state.ending === null; state = at.state) {
      const colour = state.turn;
      if (state.step === 'act' && drawn !== state) {
        io.write(`\n${yoteBoardText(state)}${status(state)}\n`);
        drawn = state;
      }
      if (state.step === 'remove' && onBoard(state, 1 - colour) === 0) {
        // The only choice there is: say so rather than ask.
        io.write(
          `${COLOUR_NAMES[1 - colour]} has no pieces on the board: one is taken from the hand.\n`,
        );
        at.send({ type: 'move', seat: colour, event: { type: 'yote/removed', cell: 'hand' } });
      } else if (seats[colour]?.kind === 'computer') await at.step();
      else
        await ask(io, promptFor(state), (answer) => {
          const parsed = parseIn(state, answer);
          if (typeof parsed === 'string') return { ok: false, problem: parsed };
          const sent = at.send({ type: 'move', seat: colour, event: parsed });
          return sent.ok ? { ok: true, value: sent } : sent;
        });
    }
    const state = at.state;
    io.write(`\n${yoteBoardText(state)}${status(state)}\n`);
    if (state.ending) io.write(`${endingWords(state.ending, names)}\n`);
    return 0;
  } catch (error) {
    return endOfRun(error, run.error);
  } finally {
    table?.close();
  }
}

/** An answer's words in capitals, apart at spaces, commas and dashes ("c3-c4" is C3 and C4). */
const wordsOf = (answer: string) =>
  answer
    .toUpperCase()
    .split(/[\s,-]+/)
    .filter(Boolean);

/** Player 1's colour, white or black. */
function colourAnswer(answer: string) {
  if (/^w(hite)?$/i.test(answer)) return { ok: true as const, value: 0 };
  if (/^b(lack)?$/i.test(answer)) return { ok: true as const, value: 1 };
  return {
    ok: false as const,
    problem: `${answer === '' ? 'nothing' : shown(answer)} is not white or black`,
  };
}

/** An answer read in the current step: removals are one cell, the chain's answers a cell or stop. */
function parseIn(state: YoteState, answer: string): YoteEvent | string {
  if (state.step === 'remove') {
    const cell = answer.toUpperCase();
    if (cell === 'HAND') return { type: 'yote/removed', cell: 'hand' };
    return cellOf(cell) === undefined
      ? `${answer === '' ? 'nothing' : shown(answer)} is not a cell: write one such as E2`
      : { type: 'yote/removed', cell };
  }
  if (state.step === 'again') {
    if (/^(stop|s|no|n|)$/i.test(answer)) return { type: 'yote/stopped' };
    const to = wordsOf(answer).at(-1) ?? '';
    if (cellOf(to) === undefined)
      return `${shown(answer)} is not a cell: write where the piece lands (such as E5), or stop`;
    return { type: 'yote/jumped', from: CELL_NAMES[state.attacker ?? 0] as string, to };
  }
  return parseAction(answer);
}

/** What a person would have typed for an event. */
function answerFor(event: YoteEvent): string {
  switch (event.type) {
    case 'yote/placed':
      return `place ${event.cell}`;
    case 'yote/moved':
      return `move ${event.from} ${event.to}`;
    case 'yote/jumped':
      return `attack ${event.from} ${event.to}`;
    case 'yote/removed':
      return event.cell;
    case 'yote/stopped':
      return 'stop';
  }
}
