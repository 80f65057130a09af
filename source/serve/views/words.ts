/** A served table in a few words: its options, its seats, its clock (the lobby's lines). */
import { safeText } from '../../engine/safe-text.js';
import type { Ratings } from '../../ratings/rating.js';
import type { ServedTable } from '../served-table.js';
import { seatRating } from '../ratings/Leaderboard.js';

/**
 * A game's one-line description as the list of games here gives it: without the command line's
 * flags (a table is set up on its form) or the keyboard the players share at home.
 */
export function servedWords(description: string): string {
  return description
    .replace(/\s*\([^)]*--[^)]*\)/g, '')
    .replace(' at one keyboard', '')
    .trim();
}

export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}`
    : `${m}:${String(s).padStart(2, '0')}`;
}

/** A table's options in a few of its game's own words. */
export function optionWords(table: ServedTable): string {
  const parsed = table.game.parseOptions(table.start.options);
  return parsed.ok ? table.game.optionWords(parsed.options) : '';
}

/** A table's seats: each name, with its rating in the table's game when the server has ratings. */
export function seatWords(table: ServedTable, ratings: Ratings | undefined): string {
  const names = table.seatNames();
  return table.holders
    .map((h, seat) =>
      h.kind === 'open'
        ? '(open)'
        : h.kind === 'computer' || table.covered.has(seat)
          ? `${names[seat]}${seatRating(ratings, table.game.id, h)}${h.kind === 'person' ? ' (computer)' : ''}`
          : `${safeText(names[seat] ?? '')}${seatRating(ratings, table.game.id, h)}${table.awaySince.has(seat) ? ' (away)' : ''}`,
    )
    .join(', ');
}
