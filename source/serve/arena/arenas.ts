/**
 * The server's arenas (issue 43): each a pure arena (arena.ts) held here with the hall's clock,
 * its pairs seated at new rated tables of its game, each table's result told back (the hall's
 * finished hook), and its end on a timer. The standings are worked out once per change and
 * pushed to the subscribers (the screens showing them), never asked for per viewer.
 */
import type { Seat } from '../../engine/seats.js';
import type { AnyGameModule, Start } from '../../games/module.js';
import type { Scheduler } from '../../table/table.js';
import type { Holder, Person, ServedTable } from '../hall.js';
import {
  type Arena,
  finished,
  isOver,
  join,
  leave,
  openArena,
  pairFree,
  podium,
  type Standing,
  standings,
} from './arena.js';

/** Those who finish about together are paired among themselves (lichess pairs in waves). */
export const PAIR_AFTER_MS = 3000;

/** The games an arena may be of: those of two players (Yut with two). */
export const arenaGames = (games: readonly AnyGameModule[]) =>
  games.filter((g) => g.id !== 'layers' && g.seatCount(g.typicalOptions) === 2);

export interface ArenasHost {
  now(): number;
  readonly scheduler: Scheduler;
  /** A new table of the game with its seats given (it begins at once). */
  seat(game: AnyGameModule, start: Start, holders: readonly Holder[]): ServedTable;
  /** A person's rating for a game, as the lobby shows it (pairing reads it). */
  rating(game: string, id: string): number;
}

/** An arena as the screens read it: worked out once per change. */
export interface HeldArena {
  readonly id: string;
  readonly game: AnyGameModule;
  readonly by: Person;
  readonly arena: Arena;
  readonly over: boolean;
  readonly standings: readonly Standing[];
  readonly podium: readonly Standing[];
}

export class Arenas {
  private readonly held = new Map<string, HeldArena>();
  /** The running arena tables: the arena and its two players. */
  private readonly tables = new Map<
    string,
    { arena: string; a: Person; b: Person; table: ServedTable }
  >();
  private readonly people = new Map<string, ServedTable>();
  private readonly listeners = new Set<(arena: HeldArena) => void>();
  private count = 0;

  constructor(private readonly host: ArenasHost) {}

  list(): HeldArena[] {
    return [...this.held.values()];
  }

  get(id: string): HeldArena | undefined {
    return this.held.get(id);
  }

  /** The arena table this person plays at now, if any. */
  playing(person: Person): ServedTable | undefined {
    const table = this.people.get(person.id);
    return table?.status === 'running' ? table : undefined;
  }

  subscribe(listener: (arena: HeldArena) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A new arena of a two-player game, or why not. It ends on the hall's clock. */
  open(game: AnyGameModule, minutes: number, by: Person): HeldArena | string {
    if (!arenaGames([game]).length)
      return `An arena is for a game of two: ${game.title} seats more.`;
    const arena = openArena(game.id, minutes, this.host.now());
    if (typeof arena === 'string') return arena;
    const id = `a${++this.count}`;
    const held = this.keep(id, game, by, arena);
    this.host.scheduler.after(arena.endsAt - this.host.now(), () => this.end(id));
    return held;
  }

  /** Arenas over leave the list a while after their end (as finished tables leave the lobby). */
  sweep(keepMs: number): void {
    const now = this.host.now();
    for (const [id, held] of [...this.held])
      if (held.over && now - held.arena.endsAt > keepMs) this.held.delete(id);
  }

  /** A person joins (or comes back): paired at once if another is free. */
  join(id: string, person: Person): string | undefined {
    const held = this.held.get(id);
    if (!held) return 'That arena is gone.';
    if (person.id.startsWith('guest:')) return 'An arena is rated, and a guest has no rating.';
    const rating = this.host.rating(held.game.id, person.id);
    const joined = join(held.arena, person, rating, this.host.now());
    if (typeof joined === 'string') return joined;
    this.keep(id, held.game, held.by, joined);
    this.pair(id);
    return undefined;
  }

  leave(id: string, person: Person): void {
    const held = this.held.get(id);
    if (held) this.keep(id, held.game, held.by, leave(held.arena, person.id));
  }

  /** A person's connection ended: they leave every arena they are in (they may join again). */
  gone(person: Person): void {
    for (const held of [...this.held.values()])
      if (held.arena.entrants.some((e) => e.id === person.id && !e.left))
        this.leave(held.id, person);
  }

  /**
   * The hall's finished hook: an arena table's result scored (not once the arena is over: a
   * game still running at its end does not count), its players paired again a moment later.
   */
  finished(table: ServedTable): void {
    const at = this.tables.get(table.code);
    const held = at && this.held.get(at.arena);
    if (!at || !held) return;
    this.tables.delete(table.code);
    if (held.over) return;
    const outcome = table.table?.outcome;
    const winner = outcome?.status === 'won' ? (outcome.winner === 0 ? at.a : at.b).id : undefined;
    this.keep(at.arena, held.game, held.by, finished(held.arena, at.a.id, at.b.id, winner));
    this.host.scheduler.after(PAIR_AFTER_MS, () => this.pair(at.arena));
  }

  /** The free players of an arena paired and seated, each pair at a new rated table. */
  private pair(id: string): void {
    const held = this.held.get(id);
    if (!held || held.over) return;
    const { arena, pairs } = pairFree(held.arena, this.host.now());
    if (pairs.length === 0) return;
    const name = (who: string) => arena.entrants.find((e) => e.id === who)?.name ?? who;
    const seats: Seat[] = [0, 1].map((at) => ({ name: `Player ${at + 1}`, kind: 'human' }));
    const start: Start = { options: held.game.typicalOptions, seats, rated: true };
    for (const [x, y] of pairs) {
      const a = { id: x, name: name(x) };
      const b = { id: y, name: name(y) };
      const holders: Holder[] = [a, b].map((person) => ({ kind: 'person', person }));
      const table = this.host.seat(held.game, start, holders);
      this.tables.set(table.code, { arena: id, a, b, table });
      this.people.set(x, table);
      this.people.set(y, table);
    }
    this.keep(id, held.game, held.by, arena);
  }

  /** The arena's end: its standings final, the podium told at its tables still playing. */
  private end(id: string): void {
    const held = this.held.get(id);
    if (!held) return;
    const ended = this.keep(id, held.game, held.by, held.arena);
    const line = `The arena is over: ${ended.podium.map((s) => `${s.place}. ${s.name} ${s.score}`).join(', ')}.`;
    for (const [code, at] of [...this.tables])
      if (at.arena === id) {
        at.table.tellAll(line);
        this.tables.delete(code);
      }
  }

  private keep(id: string, game: AnyGameModule, by: Person, arena: Arena): HeldArena {
    const held: HeldArena = {
      id,
      game,
      by,
      arena,
      over: isOver(arena, this.host.now()),
      standings: standings(arena),
      podium: podium(arena),
    };
    this.held.set(id, held);
    for (const listener of [...this.listeners]) listener(held);
    return held;
  }
}
