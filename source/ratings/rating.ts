/**
 * Ratings (issue 43): openskill's Weng–Lin model with Plackett–Luce, one rating per identity per
 * game, folded over the rated games in one fixed order. Pure: the same games give the same
 * numbers, bit for bit, on every machine (openskill's arithmetic is plain IEEE doubles).
 *
 * A rating is openskill's mean μ and uncertainty σ (25 and 25/3 for a newcomer); it is shown on
 * the scale players know from Elo: 1500 + 48 × (μ − 25), so that openskill's β (the skill gap
 * that wins about three games in four) is 200 points, as an Elo class is. It is provisional
 * (`?`) while σ is above PROVISIONAL_SIGMA.
 */
import { rate, rating as newRating } from 'openskill';

/** One rated identity in one game. */
export interface Standing {
  /** A person's key (their fingerprint), or `computer:LEVEL`. */
  readonly id: string;
  /** The name it last played under. */
  readonly name: string;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** A finished, rated game as the ratings take it: who played, and where each finished. */
export interface RatedGame {
  /** The game once, however many files hold it: `GAME/TABLE/STARTED`. */
  readonly key: string;
  readonly game: string;
  /** The header's start (ISO), then the table: the order the games are folded in. */
  readonly startedAt: string;
  readonly table: string;
  readonly players: readonly { readonly id: string; readonly name: string }[];
  /** Each seat's place, 1 the best; equal places are a tie. */
  readonly ranks: readonly number[];
}

/** Every identity's standing, by game id, then by identity. */
export type Ratings = Map<string, Map<string, Standing>>;

export const PROVISIONAL_SIGMA = 6;
const SCALE = 48;

/** The rating as shown: 1500 for a newcomer. */
export const shown = (standing: Pick<Standing, 'mu'>): number =>
  Math.round(1500 + SCALE * (standing.mu - 25));

export const provisional = (standing: Pick<Standing, 'sigma'>): boolean =>
  standing.sigma > PROVISIONAL_SIGMA;

/** `1,532` or `1,532?` (provisional). */
export function ratingWords(standing: Pick<Standing, 'mu' | 'sigma'>): string {
  return `${shown(standing).toLocaleString('en-US')}${provisional(standing) ? '?' : ''}`;
}

/** The order rated games are folded in: by start, then table, then key (never the file's place). */
export function gameOrder(a: RatedGame, b: RatedGame): number {
  return compare(a.startedAt, b.startedAt) || compare(a.table, b.table) || compare(a.key, b.key);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One game applied to the ratings (the map is changed in place). */
export function apply(ratings: Ratings, game: RatedGame): void {
  let table = ratings.get(game.game);
  if (!table) {
    table = new Map();
    ratings.set(game.game, table);
  }
  const known = table;
  const before = game.players.map(
    (p) => known.get(p.id) ?? { ...newRating(), id: p.id, name: p.name, ...NO_GAMES },
  );
  const after = rate(
    before.map((s) => [{ mu: s.mu, sigma: s.sigma }]),
    { rank: [...game.ranks] },
  );
  const best = Math.min(...game.ranks);
  const allTied = game.ranks.every((r) => r === best);
  game.players.forEach((player, seat) => {
    const was = before[seat] as Standing;
    const now = (after[seat] as { mu: number; sigma: number }[])[0] as {
      mu: number;
      sigma: number;
    };
    const rank = game.ranks[seat] as number;
    known.set(player.id, {
      id: player.id,
      name: player.name,
      mu: now.mu,
      sigma: now.sigma,
      games: was.games + 1,
      wins: was.wins + (rank === best && !allTied ? 1 : 0),
      losses: was.losses + (rank !== best ? 1 : 0),
      draws: was.draws + (allTied ? 1 : 0),
    });
  });
}

const NO_GAMES = { games: 0, wins: 0, losses: 0, draws: 0 };

/** The ratings of these games, each counted once (by key), folded in gameOrder. */
export function fold(games: Iterable<RatedGame>): Ratings {
  const ratings: Ratings = new Map();
  for (const game of ordered(games)) apply(ratings, game);
  return ratings;
}

/** The games once each (the first of a key kept), in the order they are folded. */
export function ordered(games: Iterable<RatedGame>): RatedGame[] {
  const byKey = new Map<string, RatedGame>();
  for (const game of games) if (!byKey.has(game.key)) byKey.set(game.key, game);
  return [...byKey.values()].sort(gameOrder);
}

/** A game's standings best first: by shown rating, then μ, then identity. */
export function leaderboard(table: ReadonlyMap<string, Standing> | undefined): Standing[] {
  return [...(table?.values() ?? [])].sort(
    (a, b) => shown(b) - shown(a) || b.mu - a.mu || compare(a.id, b.id),
  );
}

/** `Ann 1,532 → 1,547 (+15)`: a player's change over one game. */
export function changeWords(
  name: string,
  before: Pick<Standing, 'mu' | 'sigma'> | undefined,
  after: Pick<Standing, 'mu' | 'sigma'>,
): string {
  const from = before ?? newRating();
  const delta = shown(after) - shown(from);
  return `${name} ${ratingWords(from)} → ${ratingWords(after)} (${delta >= 0 ? '+' : '−'}${Math.abs(delta)})`;
}

/** The identity a computer level plays under, in every game. */
export const computerId = (level: string) => `computer:${level}`;

/**
 * The rated games in order and their ratings, kept so that a game coming in out of order (it
 * began before games already counted: a long game ending after short ones) costs the games after
 * it, not the whole ledger: those are undone (each game keeps its players' standings before it),
 * the game applied, and they are applied again. The numbers are the fold's, bit for bit.
 */
export class Ledger {
  private readonly list: RatedGame[] = [];
  private readonly befores: (Standing | undefined)[][] = [];
  private readonly keys = new Set<string>();
  readonly ratings: Ratings = new Map();

  constructor(games: Iterable<RatedGame> = []) {
    for (const game of ordered(games)) this.push(game);
  }

  get games(): readonly RatedGame[] {
    return this.list;
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** The game counted (false if its key was): the games after it undone and applied again. */
  add(game: RatedGame): boolean {
    if (this.keys.has(game.key)) return false;
    let at = this.list.length;
    while (at > 0 && gameOrder(this.list[at - 1] as RatedGame, game) > 0) at--;
    const after: RatedGame[] = [];
    while (this.list.length > at) after.unshift(this.pop());
    this.push(game);
    for (const again of after) this.push(again);
    return true;
  }

  private push(game: RatedGame): void {
    this.befores.push(game.players.map((p) => this.ratings.get(game.game)?.get(p.id)));
    this.list.push(game);
    this.keys.add(game.key);
    apply(this.ratings, game);
  }

  private pop(): RatedGame {
    const game = this.list.pop() as RatedGame;
    const before = this.befores.pop() as (Standing | undefined)[];
    this.keys.delete(game.key);
    const table = this.ratings.get(game.game) as Map<string, Standing>;
    game.players.forEach((p, seat) => {
      const was = before[seat];
      if (was) table.set(p.id, was);
      else table.delete(p.id);
    });
    return game;
  }
}
