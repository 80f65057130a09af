/**
 * The server's arenas (issue 43): each a pure arena (arena.ts) held here with the hall's clock,
 * its pairs seated at new rated tables of its game, each table's result told back (the hall's
 * finished hook), and its end on a timer. The standings are worked out once per change and
 * pushed to the subscribers (the screens showing them), never asked for per viewer.
 */
import type { Seat } from '../../engine/seats.js';
import { ranksOf } from '../../ratings/ranking.js';
import type { AnyGameModule, Start } from '../../games/module.js';
import type { Scheduler } from '../../table/table.js';
import type { Holder, Person, ServedTable } from '../served-table.js';
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

/** The games an arena may be of: those of two players (Yut with two); many (Layers) battle. */
export const arenaGames = (games: readonly AnyGameModule[]) =>
  games.filter((g) => !battleGame(g) && g.seatCount(g.typicalOptions) === 2);

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
  /**
   * A Layers battle: one table of all who joined, at its start (the arena's `endsAt`), ranked at
   * its end; not paired.
   */
  readonly battle: boolean;
  /** A battle that began: its table's code. */
  readonly table?: string | undefined;
  /** A battle called off at its start, and why. */
  readonly calledOff?: string | undefined;
}

/** What a battle holds besides its arena: its table once begun, its ranking once over. */
interface BattleState {
  table?: string;
  ranked?: Standing[];
  calledOff?: string;
}

/** The games a battle may be of: those of many players (Layers). */
export const battleGame = (game: AnyGameModule) => game.seats.min > 2;

/** What may be opened from the lobby: an arena of a game of two, or a battle. */
export const arenaChoices = (games: readonly AnyGameModule[]) =>
  games.filter((g) => battleGame(g) || arenaGames([g]).length > 0);

export class Arenas {
  private readonly held = new Map<string, HeldArena>();
  /** The running arena tables: the arena and its two players. */
  private readonly tables = new Map<
    string,
    { arena: string; a: Person; b: Person; table: ServedTable }
  >();
  private readonly people = new Map<string, ServedTable>();
  private readonly listeners = new Set<(arena: HeldArena) => void>();
  private readonly battles = new Map<string, BattleState>();
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
    const battle = battleGame(game);
    if (!battle && !arenaGames([game]).length)
      return `An arena is for a game of two: ${game.title} seats more.`;
    // A battle's minutes are those until its start (the arena's end: nobody joins after it).
    const arena = openArena(game.id, minutes, this.host.now());
    if (typeof arena === 'string') return arena;
    const id = `a${++this.count}`;
    if (battle) this.battles.set(id, {});
    const held = this.keep(id, game, by, arena);
    this.host.scheduler.after(arena.endsAt - this.host.now(), () =>
      battle ? this.begin(id) : this.end(id),
    );
    return held;
  }

  /** A battle's start: one table of all who joined and stayed, or called off with the reason. */
  private begin(id: string): void {
    const held = this.held.get(id);
    const state = this.battles.get(id);
    if (!held || !state) return;
    const people = held.arena.entrants.filter((e) => !e.left);
    const { min, max } = held.game.seats;
    if (people.length < min)
      state.calledOff = `Called off: ${held.game.title} needs at least ${min} players, and ${people.length} joined.`;
    else {
      const seated = people.slice(0, max).map((e) => ({ id: e.id, name: e.name }));
      const seats: Seat[] = seated.map((_, at) => ({ name: `Player ${at + 1}`, kind: 'human' }));
      const options = { ...(held.game.typicalOptions as object), players: seated.length };
      const holders: Holder[] = seated.map((person) => ({ kind: 'person', person }));
      const table = this.host.seat(held.game, { options, seats, rated: true }, holders);
      state.table = table.code;
      this.tables.set(table.code, { arena: id, a: seated[0]!, b: seated[1]!, table });
      for (const person of seated) this.people.set(person.id, table);
    }
    this.keep(id, held.game, held.by, held.arena);
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
    const battle = this.battles.get(id);
    if (battle?.table !== undefined) return 'This battle has begun.';
    if (battle?.calledOff !== undefined) return battle.calledOff;
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
    const battle = this.battles.get(at.arena);
    if (battle) return this.ranked(at.arena, battle, table);
    if (held.over) return;
    const outcome = table.table?.outcome;
    // A seat the computer played once its person had gone (given away, G): that person left the
    // game, and it is the win of the one who stayed, whatever the board says.
    const left = table.computerPlayed();
    const gone = left.length === 1 ? (left[0] === 0 ? at.a : at.b) : undefined;
    const stayed = gone && (gone === at.a ? at.b : at.a);
    if (gone && stayed)
      table.tellAll(`${gone.name} left: the arena counts the game as ${stayed.name}'s win.`);
    const winner =
      stayed?.id ??
      (outcome?.status === 'won' ? (outcome.winner === 0 ? at.a : at.b).id : undefined);
    this.keep(at.arena, held.game, held.by, finished(held.arena, at.a.id, at.b.id, winner));
    this.host.scheduler.after(PAIR_AFTER_MS, () => this.pair(at.arena));
  }

  /** A battle's table finished: its ranking is the battle's (an unfinished game ranks nobody). */
  private ranked(id: string, battle: BattleState, table: ServedTable): void {
    const held = this.held.get(id);
    const outcome = table.table?.outcome;
    if (!held) return;
    const names = table.seatNames();
    const ids = table.holders.map((h) => (h.kind === 'person' ? h.person.id : ''));
    // Its places as the ratings read them (Layers: the winner, then by layer and experience).
    const ranks =
      outcome && table.table
        ? ranksOf(
            held.game.standing?.bind(held.game),
            table.holders.length,
            table.table.state,
            outcome,
          )
        : [];
    const seats = (ranks ?? []).map((rank, seat) => ({ rank, seat }));
    seats.sort((x, y) => x.rank - y.rank || x.seat - y.seat);
    battle.ranked = seats.map(({ rank, seat }) => ({
      place: rank,
      id: ids[seat] ?? '',
      name: names[seat] ?? '',
      // The players placed below.
      score: seats.filter((other) => other.rank > rank).length,
      games: 1,
      wins: rank === 1 ? 1 : 0,
      onFire: false,
    }));
    this.keep(id, held.game, held.by, held.arena);
  }

  /** The free players of an arena paired and seated, each pair at a new rated table. */
  private pair(id: string): void {
    const held = this.held.get(id);
    if (!held || held.over || this.battles.has(id)) return;
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
    const battle = this.battles.get(id);
    const ranked = battle?.ranked;
    const held: HeldArena = battle
      ? {
          id,
          game,
          by,
          arena,
          over: ranked !== undefined || battle.calledOff !== undefined,
          // Before its end, who joined, in the order they did.
          standings: ranked ?? standings(arena),
          podium: (ranked ?? []).slice(0, 3),
          battle: true,
          table: battle.table,
          calledOff: battle.calledOff,
        }
      : {
          id,
          game,
          by,
          arena,
          over: isOver(arena, this.host.now()),
          standings: standings(arena),
          podium: podium(arena),
          battle: false,
        };
    this.held.set(id, held);
    for (const listener of [...this.listeners]) listener(held);
    return held;
  }
}
