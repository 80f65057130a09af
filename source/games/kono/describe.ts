/** What a Kono event did, in the game's words, for the log, the console and the replay. */
import { motiveOf, pointName } from './bot.js';
import {
  allHome,
  colourOfSeat,
  countOf,
  type KonoEvent,
  type KonoState,
  type RoundResult,
  SEAT_LABELS,
  target,
} from './rules.js';

/**
 * A seat's name; two seats of one name (two computers recorded by an older madang, both
 * "Computer (strong)") are told apart by their seats.
 */
export const nameOf = (names: readonly string[] | undefined, seat: number) => {
  const name = names?.[seat] ?? SEAT_LABELS[seat] ?? 'Player';
  return names && names[0] === names[1] ? `${name} (seat ${seat + 1})` : name;
};

const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** Why a round ended, in a line (a quit is said by its own line). */
export function endingWords(state: KonoState, names?: readonly string[]): string | undefined {
  const seats = [0, 1].map((seat) => ({ seat, colour: colourOfSeat(state, seat) }));
  switch (state.ending) {
    case 'home': {
      const home = seats.find(({ colour }) => colour !== null && allHome(state, colour));
      if (!home) return undefined;
      return `All of ${nameOf(names, home.seat)}'s pieces left stand on ${nameOf(names, 1 - home.seat)}'s home points: the round ends.`;
    }
    case 'wiped': {
      const gone = seats.find(({ colour }) => colour !== null && countOf(state, colour) === 0);
      if (!gone) return undefined;
      return `${nameOf(names, gone.seat)} has no pieces left: the round ends.`;
    }
    case 'quiet':
      return `${state.settings.quietMoves} moves in a row without a capture or a new home point: the round ends.`;
    case 'stuck':
      return 'Neither player can move: the round ends.';
    default:
      return undefined;
  }
}

/** The end of a round: both scores and the points awarded (the seed requires all three). */
export function roundWords(result: RoundResult, names?: readonly string[]): string[] {
  const lines = [
    `Round ${result.round} is over: ${nameOf(names, 0)} scored ${result.scores[0]}, ${nameOf(names, 1)} scored ${result.scores[1]}.`,
  ];
  if (result.quitter !== null)
    lines.push(`${nameOf(names, result.quitter)} quit the round: 5 points off.`);
  lines.push(
    result.winner === null
      ? 'A drawn round: nobody is awarded points.'
      : `${nameOf(names, result.winner)} wins the round and is awarded ${points(result.awarded)}.`,
  );
  return lines;
}

/** The tournament's end: the totals and the winner. */
export function tournamentWords(state: KonoState, names?: readonly string[]): string {
  const [a, b] = state.totals;
  const totals = `${nameOf(names, 0)} ${a}, ${nameOf(names, 1)} ${b}`;
  if (a === b) return `The tournament is a draw: ${totals}.`;
  return `${nameOf(names, a > b ? 0 : 1)} wins the tournament: ${totals}.`;
}

export function describeKonoEvent(
  before: KonoState,
  event: KonoEvent,
  after: KonoState,
  names?: readonly string[],
): string[] {
  const who = nameOf(names, event.type === 'kono/quit' ? (event.seat ?? before.turn) : before.turn);
  const lines: string[] = [];
  switch (event.type) {
    case 'kono/sizeChosen':
      lines.push(`Round ${after.round}: a ${event.size} × ${event.size} board.`);
      break;
    case 'kono/diceThrown': {
      const [a, b] = event.dice;
      lines.push(
        `${nameOf(names, 0)} threw ${a[0]} and ${a[1]}, ${nameOf(names, 1)} threw ${b[0]} and ${b[1]}.`,
      );
      lines.push(
        after.phase === 'dice'
          ? 'Equal sums: the dice are thrown again.'
          : `${nameOf(names, after.turn)} chooses the colour and plays first.`,
      );
      break;
    }
    case 'kono/colourChosen':
      lines.push(`${who} plays ${event.colour} and moves first.`);
      break;
    case 'kono/moved': {
      const colour = colourOfSeat(before, before.turn);
      const to = target(before.size, event.row, event.column, event.direction);
      lines.push(
        `${who} moved the piece at ${pointName(event.row, event.column)} ${event.direction}${to ? ` to ${pointName(to[0], to[1])}` : ''}.`,
      );
      const motive = motiveOf(before, event);
      if (motive.kind === 'capture')
        lines.push(`It captured the piece at ${pointName(motive.row, motive.column)}.`);
      const landed = to && after.board[to[0] - 1]?.[to[1] - 1];
      const was = before.board[event.row - 1]?.[event.column - 1];
      if (landed && landed.length === 2 && was?.length === 1)
        lines.push(`The ${colour} piece at ${pointName(to[0], to[1])} can now capture.`);
      if (after.phase === 'play' && after.passed !== null)
        lines.push(`${nameOf(names, after.passed)} cannot move and passes.`);
      break;
    }
    case 'kono/quit':
      lines.push(`${who} quit the round.`);
      break;
    case 'kono/anotherRound':
      lines.push(event.again ? 'Another round.' : 'No more rounds.');
      break;
  }
  const ended = after.results.length > before.results.length ? after.results.at(-1) : undefined;
  if (ended) {
    const why = endingWords(after, names);
    if (why !== undefined) lines.push(why);
    lines.push(...roundWords(ended, names));
  }
  if (after.phase === 'over') lines.push(tournamentWords(after, names));
  return lines;
}
