/**
 * `madang ratings [--game G] [--json] [RECORDINGS|DIR…]`: the ratings recomputed from recordings,
 * the rated tables' finished games folded in order (ratings/rating.ts). What a server shows is
 * this over its recordings folder.
 */
import type { GameLookup } from '../engine/recording.js';
import { gather } from '../ratings/recordings.js';
import {
  fold,
  leaderboard,
  provisional,
  type Ratings,
  ratingWords,
  shown,
  type Standing,
} from '../ratings/rating.js';

export interface RatingsArgs {
  readonly paths: readonly string[];
  readonly game?: string | undefined;
  readonly json?: boolean | undefined;
}

/** A standing as `--json` prints it (μ and σ exact, to compare bit for bit). */
export const standingJson = (s: Standing, place: number) => ({
  place,
  id: s.id,
  name: s.name,
  rating: shown(s),
  provisional: provisional(s),
  mu: s.mu,
  sigma: s.sigma,
  games: s.games,
  wins: s.wins,
  losses: s.losses,
  draws: s.draws,
});

/** The ratings as JSON: by game id, each game's standings best first. */
export function ratingsJson(ratings: Ratings, only?: string): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const id of [...ratings.keys()].sort())
    if (only === undefined || id === only)
      out[id] = leaderboard(ratings.get(id)).map((s, i) => standingJson(s, i + 1));
  return out;
}

/** The exit code: 0, or 1 when a recording could not be read (said on `err`, not counted). */
export async function ratings(
  args: RatingsArgs,
  games: GameLookup,
  title: (id: string) => string,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (args.game !== undefined && !games(args.game)) {
    err(`--game ${args.game}: no such game (yut, ur, yote, kono, layers)`);
    return 2;
  }
  const found = await gather(args.paths, games);
  for (const problem of found.problems) err(`warning: ${problem}; not counted`);
  const rated = fold(found.games);
  const counted = found.games.filter((g) => args.game === undefined || g.game === args.game);
  if (args.json) {
    out(
      JSON.stringify({
        recordings: found.read,
        rated: counted.length,
        games: ratingsJson(rated, args.game),
      }),
    );
    return found.problems.length > 0 ? 1 : 0;
  }
  out(
    `${found.read} recording${found.read === 1 ? '' : 's'} read, ${counted.length} rated game${counted.length === 1 ? '' : 's'}`,
  );
  for (const id of [...rated.keys()].sort()) {
    if (args.game !== undefined && id !== args.game) continue;

    const board = leaderboard(rated.get(id));
    out('');
    out(`${title(id)}: ${board.length} player${board.length === 1 ? '' : 's'}`);
    out(`   #  ${'player'.padEnd(24)} ${'rating'.padStart(7)}  games    won   lost  drawn`);
    board.forEach((s, i) =>
      out(
        `${String(i + 1).padStart(4)}  ${s.name.slice(0, 24).padEnd(24)} ${ratingWords(s).padStart(7)} ${[s.games, s.wins, s.losses, s.draws].map((n) => String(n).padStart(6)).join(' ')}`,
      ),
    );
  }
  if (counted.length > 0) out('');
  if (counted.length > 0) out('A ? marks a provisional rating (its uncertainty is still high).');
  return found.problems.length > 0 ? 1 : 0;
}
