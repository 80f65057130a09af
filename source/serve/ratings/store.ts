/**
 * The server's ratings: the rated games it has counted (its ledger), each once by its key, and
 * the ratings folded from them (ratings/rating.ts). Kept in `<data dir>/server/ratings.json`, or
 * in Redis with --redis (ratings/redis-store.ts), so that they survive restarts. The ledger, not
 * the numbers, is what is kept: the numbers are always the fold of the ledger, so they equal what
 * `madang ratings` computes from the same games.
 */
import writeFileAtomic from 'write-file-atomic';
import { asideNote, isObject, readJson } from '../kept-file.js';
import {
  changeWords,
  Ledger,
  ordered,
  type RatedGame,
  type Ratings,
  type Standing,
} from '../../ratings/rating.js';

/** A ledger of rated games, however it is kept. */
export interface RatingsStore {
  /** The ratings now (this process's latest view). */
  ratings(): Ratings;
  /**
   * A finished rated game counted, once (a key counted before is not again, by any process):
   * each player's change in words (`Ann 1,532 → 1,547 (+15)`), or undefined if it was counted.
   */
  add(game: RatedGame): Promise<string[] | undefined>;
  /**
   * At a start: the games recomputed from the recordings compared with the ledger. Any the
   * ledger lacks (or has that the recordings do not) are said, and the ledger rebuilt.
   */
  check(recomputed: readonly RatedGame[], where: string): Promise<string | undefined>;
}

/** Each player's change over a game: the ratings before it and after it. */
export function changes(
  game: RatedGame,
  before: ReadonlyMap<string, Standing | undefined>,
  after: Ratings,
): string[] {
  return game.players.map((p) =>
    changeWords(
      p.name,
      before.get(p.id),
      after.get(game.game)?.get(p.id) ?? { mu: 25, sigma: 25 / 3 },
    ),
  );
}

/** The players' standings before a game (to say their change after it). */
export const standingsOf = (ratings: Ratings, game: RatedGame) =>
  new Map(game.players.map((p) => [p.id, ratings.get(game.game)?.get(p.id)]));

/** Whether a value read back is a rated game as the ledger writes one. */
export function isRatedGame(value: unknown): value is RatedGame {
  return (
    isObject(value) &&
    typeof value.key === 'string' &&
    typeof value.game === 'string' &&
    typeof value.startedAt === 'string' &&
    typeof value.table === 'string' &&
    Array.isArray(value.players) &&
    value.players.every(
      (p: unknown) => isObject(p) && typeof p.id === 'string' && typeof p.name === 'string',
    ) &&
    Array.isArray(value.ranks) &&
    value.ranks.length === value.players.length &&
    value.ranks.every((r: unknown) => Number.isInteger(r))
  );
}

/** The same games, in the same order, whatever order they were found in. */
export const sameGames = (a: readonly RatedGame[], b: readonly RatedGame[]) =>
  JSON.stringify(ordered(a)) === JSON.stringify(ordered(b));

/** The ledger in a file (one server process). */
export class FileRatings implements RatingsStore {
  private ledger = new Ledger();

  constructor(
    readonly file: string,
    /** One line naming the file, for a file that is not what the server writes. */
    warn: (problem: string) => void,
    now: () => Date = () => new Date(),
  ) {
    const read = readJson(file);
    if (read === undefined) return;
    let problem: string | undefined;
    if ('problem' in read) problem = read.problem;
    else if (!isObject(read.data) || !Array.isArray(read.data.games))
      problem = 'not a ratings file ("games" is not a list)';
    else {
      const bad = read.data.games.findIndex((g: unknown) => !isRatedGame(g));
      if (bad >= 0)
        problem = `line ${lineOfEntry(read.text, bad)}: game ${bad + 1} is not a rated game`;
      else this.ledger = new Ledger(read.data.games as RatedGame[]);
    }
    if (problem !== undefined)
      warn(`${file}: ${problem}; ${asideNote(file, now())}; rebuilt from the recordings`);
  }

  ratings(): Ratings {
    return this.ledger.ratings;
  }

  async add(game: RatedGame): Promise<string[] | undefined> {
    if (this.ledger.has(game.key)) return undefined;
    const before = standingsOf(this.ledger.ratings, game);
    this.ledger.add(game);
    this.write();
    return changes(game, before, this.ledger.ratings);
  }

  async check(recomputed: readonly RatedGame[], where: string): Promise<string | undefined> {
    if (sameGames(this.ledger.games, recomputed)) return undefined;
    const had = this.ledger.games.length;
    this.ledger = new Ledger(recomputed);
    this.write();
    return `${this.file}: the ratings did not match the recordings in ${where} (${had} games kept, ${this.ledger.games.length} in the recordings): rebuilt from the recordings`;
  }

  private write(): void {
    // One game a line: a damaged file is said by its line.
    const lines = this.ledger.games.map((g) => `  ${JSON.stringify(g)}`).join(',\n');
    writeFileAtomic.sync(this.file, `{ "games": [\n${lines}\n] }\n`);
  }
}

/** The line of the n-th game in a ledger file written one game a line (the header is line 1). */
const lineOfEntry = (text: string, index: number) =>
  text.trimStart().startsWith('{ "games": [\n') ? index + 2 : 1;
