/** What an Ur event did, in the game's words, for the turn log and the replay timeline. */
import { COLOUR_NAMES, type UrEvent, type UrState } from './rules.js';

/** A stone as the screens name it, counted from 1 (W1 to W7); the classic console keeps the seed's W0 to W6. */
export const stoneName = (colour: number, stone: number) =>
  `${colour === 0 ? 'W' : 'B'}${stone + 1}`;
/** The seed's name of a stone (W0 to W6), for the classic console. */
export const seedStoneName = (colour: number, stone: number) =>
  `${colour === 0 ? 'W' : 'B'}${stone}`;

/**
 * A place in a player's own terms: the square's number along the colour's path (1 is the first
 * square a stone enters), and what it is when it is a rosette. The `n` key numbers the board the
 * same way.
 */
export function placeWords(state: UrState, colour: number, place: number): string {
  const path = state.rules.board.paths[colour] ?? [];
  if (place < 0) return 'off the board';
  if (place >= path.length) return 'borne off';
  const square = path[place] as string;
  return `square ${place + 1}${rosetteWords(state, square)}`;
}

/** `, the central rosette` (the one rosette both paths cross), `, a rosette`, or nothing. */
function rosetteWords(state: UrState, square: string): string {
  const { rosettes, paths } = state.rules.board;
  if (!rosettes.has(square)) return '';
  const shared = (s: string) => paths.every((path) => path.includes(s));
  if (!shared(square)) return ', a rosette';
  return [...rosettes].filter(shared).length === 1 ? ', the central rosette' : ', a shared rosette';
}

export function describeUrEvent(
  before: UrState,
  event: UrEvent,
  after: UrState,
  names?: readonly string[],
): string[] {
  const colour = before.turn;
  const who = names?.[colour] ?? COLOUR_NAMES[colour];
  const lines: string[] = [];
  if (event.type === 'ur/diceRolled') {
    const roll = event.dice.reduce<number>((a, d) => a + d, 0);
    lines.push(`${who} rolled ${roll}.`);
    if (after.turn !== colour)
      lines.push(
        roll === 0
          ? `No move with 0: ${names?.[after.turn] ?? COLOUR_NAMES[after.turn]}'s turn.`
          : `No stone can move ${roll}: the turn passes.`,
      );
    return lines;
  }
  const from = before.stones[colour]?.[event.stone] ?? -1;
  const to = after.stones[colour]?.[event.stone] ?? -1;
  const path = before.rules.board.paths[colour] ?? [];
  lines.push(
    to >= path.length
      ? `${who} bore ${stoneName(colour, event.stone)} off.`
      : `${who} moved ${stoneName(colour, event.stone)} from ${placeWords(before, colour, from)} to ${placeWords(after, colour, to)}.`,
  );
  const other = 1 - colour;
  const captured = (before.stones[other] ?? []).findIndex(
    (p, i) => p >= 0 && (after.stones[other]?.[i] ?? -1) === -1 && p !== -1,
  );
  if (captured >= 0)
    lines.push(
      `${stoneName(colour, event.stone)} captured ${stoneName(other, captured)}: it goes back off the board.`,
    );
  if (after.phase === 'over') lines.push(`${who} wins!`);
  else if (after.turn === colour)
    lines.push(`${stoneName(colour, event.stone)} landed on a rosette: ${who} rolls again.`);
  return lines;
}
