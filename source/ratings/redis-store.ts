/**
 * The ratings of madang serve --redis: the ledger is a Redis hash, one field per rated game's key
 * (`madang:ratings:games`), written with HSETNX, so that a game is counted once however many
 * processes see it end (a runner and the one that took its table over). Every process folds the
 * same ledger to the same ratings.
 */
import type { Redis } from 'ioredis';
import { fold, ordered, type RatedGame, type Ratings } from './rating.js';
import { changes, isRatedGame, type RatingsStore, standingsOf, withGame } from './store.js';

export const RATINGS_KEY = 'madang:ratings:games';

export class RedisRatings implements RatingsStore {
  private games: RatedGame[] = [];
  private keys = new Set<string>();
  private current: Ratings = new Map();

  constructor(
    private readonly redis: Redis,
    private readonly key = RATINGS_KEY,
  ) {}

  ratings(): Ratings {
    return this.current;
  }

  /** The ledger read again when another process has added to it (cheap when none has). */
  async refresh(): Promise<void> {
    if ((await this.redis.hlen(this.key)) === this.keys.size) return;
    const values = await this.redis.hvals(this.key);
    const games = values.flatMap((text) => {
      try {
        const game: unknown = JSON.parse(text);
        return isRatedGame(game) ? [game] : [];
      } catch {
        return [];
      }
    });
    this.games = ordered(games);
    this.keys = new Set(this.games.map((g) => g.key));
    this.current = fold(this.games);
  }

  async add(game: RatedGame): Promise<string[] | undefined> {
    await this.refresh();
    if (this.keys.has(game.key)) return undefined;
    // Redis decides who counts it: one HSETNX wins, whatever the others do at the same moment.
    const won = await this.redis.hsetnx(this.key, game.key, JSON.stringify(game));
    if (won === 0) {
      await this.refresh();
      return undefined;
    }
    const before = standingsOf(this.current, game);
    const next = withGame(this.games, this.current, game);
    this.games = next.games;
    this.current = next.ratings;
    this.keys.add(game.key);
    return changes(game, before, this.current);
  }

  /**
   * This process's recordings against the shared ledger: the games it recorded that Redis lacks
   * are added (the others' games are theirs: a folder holds only its own process's tables).
   */
  async check(recomputed: readonly RatedGame[], where: string): Promise<string | undefined> {
    await this.refresh();
    const missing = ordered(recomputed).filter((g) => !this.keys.has(g.key));
    if (missing.length === 0) return undefined;
    for (const game of missing) await this.redis.hsetnx(this.key, game.key, JSON.stringify(game));
    const had = this.games.length;
    this.keys = new Set();
    await this.refresh();
    return `the ratings in Redis lacked ${missing.length} game${missing.length === 1 ? '' : 's'} of the recordings in ${where} (${had} kept): added`;
  }
}
