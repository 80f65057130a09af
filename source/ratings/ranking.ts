/**
 * Which games are rated, and each seat's place at the end, read from a finished game's header and
 * final state alone (so the server and `madang ratings` read them the same way).
 *
 * - Two players: a win and a loss, or a draw.
 * - Yut of three or four: the winner first, then the others by pieces home, then by pieces on the
 *   board (out of hand); equal counts tie.
 * - Layers: the winner first, then the others by layer (higher is nearer the top), then by
 *   experience; equal both tie (docs/rules/layers.md, "Ratings").
 */
import type { Outcome } from '../engine/game.js';
import type { Header } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import { computerId, type RatedGame } from './rating.js';

/**
 * What the places read of a final state (games/yut/rules.ts's YutState, games/layers/rules.ts's
 * LayersState), named here by shape: the ratings stand below the games.
 */
interface YutFinal {
  /** positions[seat][piece]: 0 in hand, 100 home. */
  readonly positions: readonly (readonly number[])[];
}
interface LayersFinal {
  readonly layer: readonly number[];
  readonly experience: readonly number[];
}

/** The places (1 the best, ties equal) of a finished game; undefined while it runs. */
export function ranksOf(game: string, state: unknown, outcome: Outcome): number[] | undefined {
  if (outcome.status === 'running') return undefined;
  const seats = seatCount(game, state);
  if (outcome.status === 'drawn') return Array.from({ length: seats }, () => 1);
  if (outcome.status === 'ranked') {
    const ranks = Array.from({ length: seats }, () => seats);
    outcome.ranking.forEach((seat, place) => (ranks[seat] = place + 1));
    return ranks;
  }
  const winner = outcome.winner;
  // What orders the seats after the winner: larger is better, compared in order.
  const after = (seat: number): number[] => {
    if (game === 'yut') {
      const pieces = (state as YutFinal).positions[seat] ?? [];
      return [pieces.filter((p) => p === 100).length, pieces.filter((p) => p !== 0).length];
    }
    if (game === 'layers') {
      const layers = state as LayersFinal;
      return [layers.layer[seat] ?? 0, layers.experience[seat] ?? 0];
    }
    return [];
  };
  const keys = Array.from({ length: seats }, (_, seat) =>
    seat === winner ? [Infinity] : [0, ...after(seat)],
  );
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const x = a[i] ?? 0;
      const y = b[i] ?? 0;
      if (x !== y) return x > y;
    }
    return false;
  };
  return keys.map((key) => 1 + keys.filter((other) => better(other, key)).length);
}

function seatCount(game: string, state: unknown): number {
  if (game === 'yut') return (state as YutFinal).positions.length;
  if (game === 'layers') return (state as LayersFinal).layer.length;
  return 2;
}

/** Whether a table of these seats may be rated: no computer level in two seats. */
export function ratable(seats: readonly Seat[]): boolean {
  const levels = seats.flatMap((s) => (s.kind === 'computer' ? [s.level ?? 'strong'] : []));
  return new Set(levels).size === levels.length;
}

/**
 * The rated game a finished recording makes, or why it is not one: a casual table, a game not
 * finished (ended with E, or left), a guest at the table, one identity in two seats.
 */
export function ratedGame(
  header: Header,
  state: unknown,
  ended: Outcome | undefined,
): RatedGame | string {
  if (header.rated !== true || header.table === undefined) return 'not a rated table';
  if (ended === undefined || ended.status === 'running') return 'not finished';
  const players = header.players.map((p) =>
    p.kind === 'bot'
      ? { id: computerId(p.level ?? 'strong'), name: `computer (${p.level ?? 'strong'})` }
      : { id: p.id ?? '', name: p.name },
  );
  if (players.some((p) => p.id === '' || p.id.startsWith('guest:'))) return 'a guest played';
  if (new Set(players.map((p) => p.id)).size !== players.length) return 'one identity in two seats';
  const ranks = ranksOf(header.game, state, ended);
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
