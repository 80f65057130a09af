/**
 * An arena's scoring, as lichess's arena scores (issue 43): a win is worth 2, a draw 1, a loss 0.
 * Two wins in a row put a player on a streak: from then on each game counts double (a win 4, a
 * draw 2) until a game is not won, which is the last one counted double. Pure.
 */

export type Result = 'win' | 'draw' | 'loss';

const BASE: Readonly<Record<Result, number>> = { win: 2, draw: 1, loss: 0 };

/** One game's points for a player, given their results before it in this arena (oldest first). */
export function points(before: readonly Result[], result: Result): number {
  return BASE[result] * (onStreak(before) ? 2 : 1);
}

/** Whether the next game counts double: the last two games were won (a streak goes on so). */
export function onStreak(results: readonly Result[]): boolean {
  return results.length >= 2 && results.at(-1) === 'win' && results.at(-2) === 'win';
}

/** A player's arena score: each game's points in order. */
export function score(results: readonly Result[]): number {
  let total = 0;
  results.forEach((result, at) => {
    const doubled = at >= 2 && results[at - 1] === 'win' && results[at - 2] === 'win';
    total += BASE[result] * (doubled ? 2 : 1);
  });
  return total;
}
