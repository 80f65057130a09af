/**
 * What an event did, in the game's own words, for the turn log and the replay timeline.
 * Derived from the states before and after: the state itself keeps no log.
 */
import { ARRIVED, IN_HAND, type Result, resultOrder, route } from './board.js';
import { resultOfSticks } from './sticks.js';
import {
  animalOf,
  earnsThrow,
  occupant,
  type PieceMoved,
  type YutEvent,
  type YutState,
} from './rules.js';

export type Names = readonly string[];

export const seatName = (names: Names | undefined, seat: number) =>
  names?.[seat] ?? `Player ${seat}`;

/**
 * The rules' words with the players' names: the rules (and the classic console, in the seed's
 * words) speak of seats by number from 0 ("Player 0 must move first"); the full screen by name.
 */
export const named = (text: string, names: Names) =>
  text.replace(/\bPlayer (\d)\b/g, (whole, seat: string) => names[Number(seat)] ?? whole);

const stackWords = (size: number) => (size === 1 ? 'piece' : `stack of ${size}`);

/** Did a move from `from` with `result` leave the edge for a diagonal (or the centre's finish)? */
export function takesShortcut(from: number, result: Result, cow: boolean): boolean {
  if (result === 'back-do' || cow) return false;
  const first = route(from, result)[0];
  return (
    (from === 5 && first === 20) || (from === 10 && first === 25) || (from === 22 && first === 27)
  );
}

/** A piece's move in words (`Ann moved a new piece to 2 with gae`), and what is where it lands. */
function moveWords(before: YutState, event: PieceMoved, names?: Names) {
  const seat = before.turn;
  const { from, result } = event;
  const cow = animalOf(before, seat) === 'cow';
  const landing = route(from, result, cow).at(-1) ?? from;
  const size = from === IN_HAND ? 1 : (occupant(before, from)?.size ?? 1);
  const what = from === IN_HAND ? 'a new piece' : `the ${stackWords(size)} at ${from}`;
  const where = landing === ARRIVED ? 'home: arrived' : `to ${landing}`;
  const via = takesShortcut(from, result, cow) ? ' by the shortcut' : '';
  const moved = `${seatName(names, seat)} moved ${what} ${where}${via} with ${result}`;
  const there = landing === ARRIVED ? undefined : occupant(before, landing);
  return { moved, landing, size, there };
}

/**
 * A move list's line for a piece's move: the move and whom it caught or what it stacked with,
 * which the log says on a line of their own (a throw's line is the log's).
 */
export function moveLine(
  before: YutState,
  event: YutEvent,
  _after: YutState,
  names?: Names,
): string | undefined {
  if (event.type !== 'yut/pieceMoved') return undefined;
  const { moved, size, there } = moveWords(before, event, names);
  if (there && there.seat !== before.turn)
    return `${moved}, catching ${seatName(names, there.seat)}'s ${stackWords(there.size)}.`;
  if (there) return `${moved}, stacking: ${there.size + size} move together.`;
  return `${moved}.`;
}

export function describeEvent(
  before: YutState,
  event: YutEvent,
  after: YutState,
  names?: Names,
): string[] {
  const seat = before.turn;
  const who = seatName(names, seat);
  const lines: string[] = [];
  if (event.type === 'yut/sticksThrown') {
    const result = resultOfSticks(event.sticks);
    const again = earnsThrow(before, seat, result);
    const dogGeol = again && result === 'geol';
    lines.push(
      `${who} threw ${result}${again ? (dogGeol ? ': the dog throws again' : ': throws again') : ''}.`,
    );
  } else {
    const { moved, landing, size, there } = moveWords(before, event, names);
    lines.push(`${moved}.`);
    if (there && there.seat !== seat) {
      const caught = `caught ${seatName(names, there.seat)}'s ${stackWords(there.size)} at ${landing}`;
      if (animalOf(before, there.seat) === 'pig') {
        lines.push(`${who} ${caught}: the pig ends ${who}'s turn.`);
      } else if (after.phase !== 'over') {
        const sheep = animalOf(before, seat) === 'sheep';
        lines.push(`${who} ${caught}: ${sheep ? 'the sheep throws twice' : 'throws again'}.`);
      }
    } else if (there && there.seat === seat) {
      lines.push(`${who} stacked: ${there.size + size} pieces move together at ${landing}.`);
    }
  }
  if (after.phase === 'over') {
    lines.push(`${seatName(names, after.winner ?? seat)} wins!`);
  } else if (after.turn !== seat) {
    const next = seatName(names, after.turn);
    const unused = unusedResults(before, event);
    const pigCaught = lines.some((line) => line.includes('the pig ends'));
    lines.push(
      unused.length > 0 && !pigCaught
        ? `${unused.join(', ')} could not be used; the turn passes to ${next}.`
        : `${next}'s turn.`,
    );
  }
  return lines;
}

/** The results still held after this event, before any were discarded. */
export function unusedResults(before: YutState, event: YutEvent): Result[] {
  if (event.type === 'yut/sticksThrown') {
    return [...before.results, resultOfSticks(event.sticks)].sort(
      (a, b) => resultOrder(a) - resultOrder(b),
    );
  }
  const left = [...before.results];
  left.splice(left.indexOf(event.result), 1);
  return left;
}
