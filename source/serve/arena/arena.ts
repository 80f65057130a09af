/**
 * An arena as a pure state (issue 43): opened for a game and a length in minutes, joined and
 * left, its free players paired at once (pairing.ts), each game's result scored (scoring.ts),
 * its standings, and the podium at its end. The clock is the caller's: every change takes `now`.
 * The hall and the lobby are to carry it out (tables made for the pairs, results told back).
 */
import { pair, type Waiting } from './pairing.js';
import { onStreak, type Result, score } from './scoring.js';

export interface Entrant {
  readonly id: string;
  readonly name: string;
  /** The rating for the arena's game when they joined (pairing reads it). */
  readonly rating: number;
  readonly results: readonly Result[];
  /** The opponent of their last game here. */
  readonly last?: string | undefined;
  /** The opponent of the game they are playing now. */
  readonly playing?: string | undefined;
  /** Left the arena: not paired again, still in the standings. */
  readonly left: boolean;
}

export interface Arena {
  readonly game: string;
  readonly startsAt: number;
  readonly endsAt: number;
  /** In the order they joined. */
  readonly entrants: readonly Entrant[];
}

export interface Standing {
  readonly place: number;
  readonly id: string;
  readonly name: string;
  readonly score: number;
  readonly games: number;
  readonly wins: number;
  /** On a streak: the next game counts double. */
  readonly onFire: boolean;
}

/** Arenas last from 5 minutes to 3 hours. */
export const ARENA_MINUTES = { least: 5, most: 180 } as const;

/** A new arena, or the reason the length is refused. */
export function openArena(game: string, minutes: number, now: number): Arena | string {
  if (!Number.isInteger(minutes) || minutes < ARENA_MINUTES.least || minutes > ARENA_MINUTES.most)
    return `An arena lasts ${ARENA_MINUTES.least} to ${ARENA_MINUTES.most} whole minutes.`;
  return { game, startsAt: now, endsAt: now + minutes * 60_000, entrants: [] };
}

export const isOver = (arena: Arena, now: number) => now >= arena.endsAt;

const changed = (arena: Arena, id: string, change: (e: Entrant) => Entrant): Arena => ({
  ...arena,
  entrants: arena.entrants.map((e) => (e.id === id ? change(e) : e)),
});

/** A person joins (or comes back after leaving); refused once the arena is over. */
export function join(
  arena: Arena,
  person: { readonly id: string; readonly name: string },
  rating: number,
  now: number,
): Arena | string {
  if (isOver(arena, now)) return 'This arena is over.';
  if (arena.entrants.some((e) => e.id === person.id))
    return changed(arena, person.id, (e) => ({ ...e, left: false }));
  const entrant: Entrant = { id: person.id, name: person.name, rating, results: [], left: false };
  return { ...arena, entrants: [...arena.entrants, entrant] };
}

/** A person leaves: not paired again (a game they are playing goes on and counts). */
export function leave(arena: Arena, id: string): Arena {
  return changed(arena, id, (e) => ({ ...e, left: true }));
}

/** The free players paired at once (none after the end): the arena with them playing, and the pairs. */
export function pairFree(arena: Arena, now: number): { arena: Arena; pairs: [string, string][] } {
  if (isOver(arena, now)) return { arena, pairs: [] };
  const free: Waiting[] = arena.entrants
    .filter((e) => !e.left && e.playing === undefined)
    .map((e) => ({ id: e.id, score: score(e.results), rating: e.rating, last: e.last }));
  const pairs = pair(free).map(([a, b]): [string, string] => [a.id, b.id]);
  const opponent = new Map(pairs.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));
  return {
    arena: {
      ...arena,
      entrants: arena.entrants.map((e) =>
        opponent.has(e.id) ? { ...e, playing: opponent.get(e.id) } : e,
      ),
    },
    pairs,
  };
}

/** A game between two entrants ended: `winner` one of them, or undefined for a draw. */
export function finished(arena: Arena, a: string, b: string, winner: string | undefined): Arena {
  const result = (id: string): Result =>
    winner === undefined ? 'draw' : winner === id ? 'win' : 'loss';
  const ended = (id: string, other: string) => (e: Entrant) =>
    e.playing === other
      ? { ...e, playing: undefined, last: other, results: [...e.results, result(id)] }
      : e;
  return changed(changed(arena, a, ended(a, b)), b, ended(b, a));
}

/** The standings: score, then wins, then fewer games, then the order of joining. */
export function standings(arena: Arena): Standing[] {
  const rows = arena.entrants.map((e, joined) => ({
    joined,
    id: e.id,
    name: e.name,
    score: score(e.results),
    games: e.results.length,
    wins: e.results.filter((r) => r === 'win').length,
    onFire: onStreak(e.results),
  }));
  rows.sort(
    (x, y) => y.score - x.score || y.wins - x.wins || x.games - y.games || x.joined - y.joined,
  );
  return rows.map(({ joined: _, ...row }, at) => ({ ...row, place: at + 1 }));
}

/** The podium at the end: the first three who played a game. */
export const podium = (arena: Arena): Standing[] =>
  standings(arena)
    .filter((s) => s.games > 0)
    .slice(0, 3);
