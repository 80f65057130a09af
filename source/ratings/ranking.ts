/**
 * Which games are rated, and each seat's place at the end, read from a finished game's header and
 * final state alone (so the server and `madang ratings` read them the same way).
 *
 * - Two players: a win and a loss, or a draw.
 * - More: the winner first, then the others by the game's own standing (its core's `standing`:
 *   Yut by pieces home, then out of hand; Layers by layer, then experience, as
 *   docs/rules/layers.md's "Ratings" says); equal standings tie.
 */
import type { Outcome } from '../engine/game.js';
import type { Header } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import { computerId, type RatedGame } from './rating.js';

/** What orders the seats that did not win (the game's core: GameCore.standing), larger better. */
export type Standing = (state: unknown, seat: number) => readonly number[];

/** The places (1 the best, ties equal) of a finished game of `seats`; undefined while it runs. */
export function ranksOf(
  standing: Standing | undefined,
  seats: number,
  state: unknown,
  outcome: Outcome,
): number[] | undefined {
  if (outcome.status === 'running') return undefined;
  if (outcome.status === 'drawn') return Array.from({ length: seats }, () => 1);
  if (outcome.status === 'ranked') {
    const ranks = Array.from({ length: seats }, () => seats);
    outcome.ranking.forEach((seat, place) => (ranks[seat] = place + 1));
    return ranks;
  }
  const winner = outcome.winner;
  const keys = Array.from({ length: seats }, (_, seat) =>
    seat === winner ? [Infinity] : [0, ...(standing?.(state, seat) ?? [])],
  );
  const better = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const x = a[i] ?? 0;
      const y = b[i] ?? 0;
      if (x !== y) return x > y;
    }
    return false;
  };
  return keys.map((key) => 1 + keys.filter((other) => better(other, key)).length);
}

/** Whether a table of these seats may be rated: no computer level in two seats. */
export function ratable(seats: readonly Seat[]): boolean {
  const levels = seats.flatMap((s) => (s.kind === 'computer' ? [s.level ?? 'strong'] : []));
  return new Set(levels).size === levels.length;
}

/** Why a game is not rated when the computer made a move for a person's seat. */
export const COMPUTER_PLAYED = "the computer played a person's seat";

/**
 * The rated game a finished recording makes, or why it is not one: a casual table, a game not
 * finished (ended with E, or left), the computer making a move for a person (their seat given to
 * it with G: `computerPlayed`, as engine/computer-moves.ts finds them), a guest at the table, one
 * identity in two seats.
 */
export function ratedGame(
  header: Header,
  state: unknown,
  ended: Outcome | undefined,
  standing?: Standing,
  computerPlayed: readonly number[] = [],
): RatedGame | string {
  if (header.rated !== true || header.table === undefined) return 'not a rated table';
  if (ended === undefined || ended.status === 'running') return 'not finished';
  // As lichess: a rated game is played by its rated players. One where the computer moved for a
  // person is not rated for anyone (the others' result would be against the computer's play).
  if (computerPlayed.some((seat) => header.players[seat]?.kind === 'human')) return COMPUTER_PLAYED;
  const players = header.players.map((p) =>
    p.kind === 'bot'
      ? { id: computerId(p.level ?? 'strong'), name: `computer (${p.level ?? 'strong'})` }
      : { id: p.id ?? '', name: p.name },
  );
  if (players.some((p) => p.id === '' || p.id.startsWith('guest:'))) return 'a guest played';
  if (new Set(players.map((p) => p.id)).size !== players.length) return 'one identity in two seats';
  const ranks = ranksOf(standing, players.length, state, ended);
  if (!ranks || ranks.length !== players.length) return 'no ranking';
  return {
    key: `${header.game}/${header.table}/${header.startedAt}`,
    game: header.game,
    startedAt: header.startedAt,
    table: header.table,
    players,
    ranks,
  };
}
