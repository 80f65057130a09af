/**
 * An arena's pairing (issue 43): whoever is free is paired at once with the nearest free player
 * by standing and rating, never the same opponent twice running when another is free. As
 * lichess's arena does, it is a minimum-cost matching: a pair costs the distance between its two
 * places in the ranking (by score, then rating), and a rematch of the last game costs more than
 * any distance. Pure: no clock, no randomness; the same players give the same pairs.
 *
 * Lichess solves the matching with Blossom over every waiting player. Here the free players are
 * in a line (their ranking) and a pair's cost grows with its distance, so a partner is sought
 * within BAND places: a dynamic programme over the line, exact among those matchings, in time
 * linear in the players. The band loses no repeat that can be avoided: among any four players
 * in a row (six at the end) some pairing has no repeat, each having one last opponent.
 */

/** A free player, as the arena knows them. */
export interface Waiting {
  readonly id: string;
  /** The arena's points so far. */
  readonly score: number;
  /** The player's rating for the arena's game (a newcomer's default is fine). */
  readonly rating: number;
  /** The opponent of their last game in this arena, if any. */
  readonly last?: string | undefined;
}

/** How many places down the ranking a partner is sought. */
export const BAND = 5;
/** A repeat of the last game costs more than any distance the band allows. */
const REPEAT = 1_000;

/** The ranking pairing follows: score, then rating (both high first), then id (a stable order). */
export function ranked(players: readonly Waiting[]): Waiting[] {
  return [...players].sort(
    (a, b) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Whether two players met in their last games (either one's last is the other). */
export const repeats = (a: Waiting, b: Waiting) => a.last === b.id || b.last === a.id;

/**
 * The pairs for the free players: as many as can be made (one player waits when their number is
 * odd), at the least cost. Each pair is [higher ranked, lower ranked].
 */
export function pair(players: readonly Waiting[]): [Waiting, Waiting][] {
  const line = ranked(players);
  const n = line.length;
  const odd = n % 2 === 1;
  // best(i, taken, skipped): the least cost of the players from i on, `taken` the set of the
  // BAND players after i already paired (bit k: player i + 1 + k), `skipped` whether the one
  // player who waits has been chosen. Memoised by (i, taken, skipped).
  // Flat arrays, not maps: a thousand players make 64,000 entries (maps took 47 ms, these 4).
  const memo = new Float64Array((n + 1) * (1 << BAND) * 2).fill(Infinity);
  const choice = new Int8Array(memo.length);
  const SKIP = -1;
  const key = (i: number, taken: number, skipped: boolean) =>
    (i * (1 << BAND) + taken) * 2 + (skipped ? 1 : 0);
  const cost = (i: number, j: number) =>
    j - i + (repeats(line[i] as Waiting, line[j] as Waiting) ? REPEAT : 0);
  // Iterative, from the end back, so that a thousand players need no deep recursion.
  const best = (i: number, taken: number, skipped: boolean): number => {
    if (i >= n) return taken === 0 && skipped === odd ? 0 : Infinity;
    return memo[key(i, taken, skipped)] as number;
  };
  for (let i = n - 1; i >= 0; i--)
    for (let taken = 0; taken < 1 << BAND; taken++)
      for (const skipped of [false, true]) {
        let least = Infinity;
        let chosen = SKIP;
        if (taken & 1) {
          // Already paired with one before: on to the next.
          least = best(i + 1, taken >> 1, skipped);
          chosen = 0;
        } else {
          if (odd && !skipped) {
            const waits = best(i + 1, taken >> 1, true);
            if (waits < least) [least, chosen] = [waits, SKIP];
          }
          for (let k = 1; k <= BAND && i + k < n; k++) {
            if (taken & (1 << k)) continue;
            const total = cost(i, i + k) + best(i + 1, (taken | (1 << k)) >> 1, skipped);
            if (total < least) [least, chosen] = [total, k];
          }
        }
        memo[key(i, taken, skipped)] = least;
        choice[key(i, taken, skipped)] = chosen;
      }
  const pairs: [Waiting, Waiting][] = [];
  let taken = 0;
  let skipped = false;
  for (let i = 0; i < n; i++) {
    const chosen = choice[key(i, taken, skipped)] as number;
    if (taken & 1) {
      taken >>= 1;
      continue;
    }
    if (chosen === SKIP) {
      skipped = true;
      taken >>= 1;
      continue;
    }
    pairs.push([line[i] as Waiting, line[i + chosen] as Waiting]);
    taken = (taken | (1 << chosen)) >> 1;
  }
  return pairs;
}
