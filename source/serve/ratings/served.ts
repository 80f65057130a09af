/**
 * A served table's finished game counted in the server's ratings, and each player's change told
 * at the table. The game is read as `madang ratings` reads its recording: the same header (made
 * as a file's is read back), the same final state and outcome, the same moves the computer made
 * for people (a seat given to it with G: then not rated, and the table says so).
 */
import { type GameLookup, headerLine, parseHeader } from '../../engine/recording.js';
import type { ServedTable } from '../served-table.js';
import { COMPUTER_PLAYED, ratedGame } from '../../ratings/ranking.js';
import type { RatingsStore } from './store.js';

/** What the table's log says before the players' changes. */
export const RATED_LINE = 'Rated game: the ratings change.';

/** What a rated table's log says at its end when the computer played a person's seat. */
export function notRatedLine(names: readonly string[]): string {
  const [last, ...others] = [...names].reverse();
  const whose = others.length === 0 ? last : `${others.reverse().join(', ')} and ${last}`;
  return `Not rated: the computer played ${whose}'s seat${others.length > 0 ? 's' : ''}.`;
}

export function rateServed(
  table: ServedTable,
  store: RatingsStore,
  games: GameLookup,
  warn: (problem: string) => void,
  /** The lobby is told (its ratings changed). */
  touch: () => void = () => undefined,
): void {
  const header = table.session?.header;
  const played = table.table;
  if (!header || !played) return;
  const parsed = parseHeader(headerLine(header).trimEnd(), games);
  if (!parsed.ok) return;
  const computerPlayed = table.computerPlayed();
  const game = ratedGame(
    parsed.header,
    played.state,
    played.outcome,
    parsed.game.standing?.bind(parsed.game),
    computerPlayed,
  );
  if (game === COMPUTER_PLAYED) {
    const names = computerPlayed.map((seat) => parsed.header.players[seat]?.name ?? '');
    table.tellAll(notRatedLine(names));
  }
  if (typeof game === 'string') return;
  store.add(game).then(
    (changes) => {
      if (!changes) return;
      table.tellAll(RATED_LINE);
      for (const line of changes) table.tellAll(line);
      touch();
    },
    (error: unknown) =>
      warn(`table ${table.code}: its rating was not kept (${(error as Error).message})`),
  );
}
