/**
 * The ratings of madang serve --redis: the ledger is a Redis hash, one field per rated game's key
 * (`madang:ratings:games`), written with HSETNX, so that a game is counted once however many
 * processes see it end (a runner and the one that took its table over). Every process folds the
 * same ledger to the same ratings.
 */
import type { Redis } from 'ioredis';
import { Ledger, ordered, type RatedGame, type Ratings } from '../../ratings/rating.js';
import { changes, isRatedGame, type RatingsStore, standingsOf } from './store.js';

export const RATINGS_KEY = 'madang:ratings:games';

export class RedisRatings implements RatingsStore {
  private ledger = new Ledger();

  constructor(
    private readonly redis: Redis,
    private readonly key = RATINGS_KEY,
  ) {}

  ratings(): Ratings {
    return this.ledger.ratings;
  }

  /** The ledger read again when another process has added to it (cheap when none has). */
  async refresh(): Promise<void> {
    if ((await this.redis.hlen(this.key)) === this.ledger.games.length) return;
    const values = await this.redis.hvals(this.key);
    const games = values.flatMap((text) => {
      try {
        const game: unknown = JSON.parse(text);
        return isRatedGame(game) ? [game] : [];
      } catch {
        return [];
      }
    });
    this.ledger = new Ledger(games);
  }

  async add(game: RatedGame): Promise<string[] | undefined> {
    await this.refresh();
    if (this.ledger.has(game.key)) return undefined;
    // Redis decides who counts it: one HSETNX wins, whatever the others do at the same moment.
    const won = await this.redis.hsetnx(this.key, game.key, JSON.stringify(game));
    if (won === 0) {
      await this.refresh();
      return undefined;
    }
    const before = standingsOf(this.ledger.ratings, game);
    this.ledger.add(game);
    return changes(game, before, this.ledger.ratings);
  }

  /**
   * This process's recordings against the shared ledger: the games it recorded that Redis lacks
   * are added (the others' games are theirs: a folder holds only its own process's tables).
   */
  async check(recomputed: readonly RatedGame[], where: string): Promise<string | undefined> {
    await this.refresh();
    const missing = ordered(recomputed).filter((g) => !this.ledger.has(g.key));
    if (missing.length === 0) return undefined;
    for (const game of missing) await this.redis.hsetnx(this.key, game.key, JSON.stringify(game));
    const had = this.ledger.games.length;
    await this.refresh();
    return `the ratings in Redis lacked ${missing.length} game${missing.length === 1 ? '' : 's'} of the recordings in ${where} (${had} kept): added`;
  }
}
