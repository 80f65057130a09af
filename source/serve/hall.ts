/**
 * The server's hall (madang serve): its tables by code (served-table.ts), the lobby every
 * screen sees. Where the tables are kept and run is its store's: this process and the server's
 * file, or Redis for several processes.
 */
import type { LoadedRecording } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import type { AnyGameModule, Start } from '../games/module.js';
import { LOG_KEPT } from '../ui/play-session.js';
import type { Session } from '../table/session.js';
import type { PlayerBook } from './identity.js';
import {
  type Holder,
  type Person,
  ServedTable,
  type TableHost,
  type TableOptions,
} from './served-table.js';

export interface HallOptions extends TableOptions {
  /** A fresh code for a table (four letters and digits). */
  code(): string;
  /** Where the tables are kept and run (the memory store's file, or Redis); none: kept nowhere. */
  readonly store?: TableStore | undefined;
}

/**
 * The lobby the server and every screen see: this process's hall, or with --redis a replica of
 * every process's tables. The command line opens and stops it without asking which it is.
 */
export interface Lobby extends TableHost {
  readonly tables: ReadonlyMap<string, ServedTable>;
  create(game: AnyGameModule, start: Start, creator: Person): ServedTable;
  find(code: string): ServedTable | undefined;
  look(code: string): Promise<ServedTable | undefined>;
  seatedAt(person: Person): ServedTable | undefined;
  subscribe(listener: (table: ServedTable | undefined) => void): () => void;
  sweep(keepMs: number): void;
  /** Whether this process says a table's notices (the one that runs it: they are said once). */
  runsHere(code: string): boolean;
  /** What the server says of the lobby as it starts (a line each). */
  describe(): string[];
  /** Tables this process took over from another (--redis failover; none without Redis). */
  takeovers(): number;
  /** Before the server listens: the kept tables reopened, the players' names shared. */
  open(book: PlayerBook): Promise<void>;
  /** The server stops: what is running kept (to reopen) or handed on. */
  stop(): Promise<void>;
}

/**
 * Where a hall's tables are kept and run. The memory store (tables-file.ts) keeps the running
 * tables of this process in the server's file, to reopen them after a restart; the Redis store
 * (redis/store.ts) runs this process's share of every process's tables, and lists them all. A
 * hall without one keeps nothing. What a store leaves out, the hall does here.
 */
export interface TableStore {
  /** Told whenever a table starts, ends or changes hands. */
  changed?(hall: Hall): void;
  /** Before the server listens: the tables kept reopened (or the players' names shared). */
  open?(hall: Hall, book: PlayerBook): Promise<void>;
  /** The server stops: what runs in the store handed on. */
  stop?(): Promise<void>;
  /** A new table, made where the store runs its tables; the lobby's table returned. */
  create?(game: AnyGameModule, start: Start, creator: Person): ServedTable;
  /** A table this hall has not heard of yet (made a moment ago elsewhere). */
  look?(code: string): Promise<ServedTable | undefined>;
  /** A finished table leaves the lobby. */
  swept?(table: ServedTable): void;
  /** Whether this process says a table's notices (the one that runs it: they are said once). */
  runsHere?(code: string): boolean;
  /** What the server says of the store as it starts (a line each). */
  describe?(): string[];
  /** Tables this process took over from another. */
  takeovers?(): number;
}

/** What the hall's file keeps of a running table, to reopen it from its recording. */
export interface SavedTable {
  readonly code: string;
  readonly game: string;
  readonly file: string;
  readonly options: unknown;
  readonly creator: Person;
  readonly holders: readonly Holder[];
  readonly covered: readonly number[];
  /** When its game began (the server's clock), so that a reopened table's clock goes on. */
  readonly startedAt?: number | undefined;
}

/**
 * The first line of a table reopened after a restart: its moves are not told again (the
 * recording has them), and what was said before it is not kept. One line of the narrowest log
 * (Yut's at 80 columns), under the line saying where the game goes on.
 */
export const REOPENED = 'Restarted: moves in the recording, chat lost.';

/**
 * The moves of a table's recording as its log told them when they were played, oldest first:
 * the game's own words for each (its describe), a computer's reason under its move's line. A
 * table reopened after a restart tells them again; what was said between them is lost.
 */
export function retold(game: AnyGameModule, recording: LoadedRecording): string[] {
  const names = recording.header.players.map((player) => player.name);
  const lines: string[] = [];
  let state: unknown = recording.timeline?.initial;
  if (state === undefined) return lines;
  recording.events.forEach((event, at) => {
    const after: unknown = game.rules.reduce(state, event);
    const told = game.describe(state, event, after, names);
    const reason = recording.reasons?.get(at);
    if (reason !== undefined) told.splice(1, 0, `  (${reason})`);
    lines.push(...told);
    state = after;
  });
  // No more than a log keeps (a long Layers game tells thousands of lines).
  return lines.slice(-LOG_KEPT);
}

/**
 * A running table made again from its recording where it stopped (a restart, or a table taken
 * over from another process): the same code, seats and players, every person away until they
 * come back (the hold starts now). Listed in `tables` before its game opens (its host is told).
 */
export function reopened(
  host: TableHost,
  tables: Map<string, ServedTable>,
  game: AnyGameModule,
  session: Session,
  saved: SavedTable,
  /** False where the moves are told again (a table taken over from another process). */
  restarted: boolean,
): ServedTable {
  const now = host.options.now();
  // Rated as its recording's header says (the hall's file does not keep it).
  const start = { options: saved.options, seats: session.seats, rated: session.header?.rated };
  const table = new ServedTable(host, saved.code, game, start, saved.creator, now);
  saved.holders.forEach((holder, seat) => {
    table.holders[seat] = holder;
    if (holder.kind === 'person') table.awaySince.set(seat, now);
  });
  for (const seat of saved.covered) table.covered.add(seat);
  tables.set(table.code, table);
  table.open(session);
  if (restarted) table.tellAll(REOPENED);
  // Its clock goes on from when the game began, not from the restart (older files lack it).
  if (typeof saved.startedAt === 'number' && saved.startedAt <= now)
    table.startedAt = saved.startedAt;
  return table;
}

/** Every table of the server, by code. */
export class Hall implements Lobby {
  readonly tables = new Map<string, ServedTable>();
  private readonly listeners = new Set<(table: ServedTable | undefined) => void>();

  constructor(readonly options: HallOptions) {}

  private get store(): TableStore | undefined {
    return this.options.store;
  }

  create(game: AnyGameModule, start: Start, creator: Person): ServedTable {
    if (this.store?.create) return this.store.create(game, start, creator);
    let code = this.options.code();
    while (this.tables.has(code)) code = this.options.code();
    const table = new ServedTable(this, code, game, start, creator, this.options.now());
    this.tables.set(code, table);
    table.sit(creator);
    this.touch();
    return table;
  }

  /**
   * A finished table's rematch: its game and options at a new table, rated as it was, the seats
   * as given (turned by the table); it begins at once when none is open, else waits for players
   * as a new table.
   */
  again(from: ServedTable, holders: readonly Holder[]): ServedTable {
    const seats = holders.map((_, at) => from.start.seats[(at + 1) % holders.length] as Seat);
    const start: Start = { options: from.start.options, seats, rated: from.start.rated };
    return this.seated(from.game, start, holders, from.creator);
  }

  /** A new table with its seats given (a rematch's, an arena's pair): it begins when none is open. */
  seated(
    game: AnyGameModule,
    start: Start,
    holders: readonly Holder[],
    otherwise?: Person,
  ): ServedTable {
    let code = this.options.code();
    while (this.tables.has(code)) code = this.options.code();
    const creator = holders.find((h) => h.kind === 'person')?.person ?? (otherwise as Person);
    const table = new ServedTable(this, code, game, start, creator, this.options.now());
    this.tables.set(code, table);
    table.seat(holders);
    this.touch();
    return table;
  }

  /** The running tables that are recorded, as the hall's file keeps them. */
  saved(): SavedTable[] {
    return [...this.tables.values()].flatMap((t) =>
      t.status === 'running' && t.session?.recorder.file
        ? [
            {
              code: t.code,
              game: t.game.id,
              file: t.session.recorder.file,
              options: t.start.options,
              creator: t.creator,
              holders: [...t.holders],
              covered: [...t.covered],
              startedAt: t.startedAt,
            },
          ]
        : [],
    );
  }

  /**
   * A table reopened after a restart from its recording (resumed by the session factory): the
   * same code, seats and players, every person away until they reconnect (the hold starts now).
   */
  reopen(game: AnyGameModule, session: Session, saved: SavedTable): ServedTable {
    return reopened(this, this.tables, game, session, saved, true);
  }

  /** A table by its code as typed (any case, spaces around). */
  find(code: string): ServedTable | undefined {
    return this.tables.get(code.trim().toLowerCase());
  }

  /**
   * A table by its code, asked wherever the tables are kept (here, this process's own; another
   * hall may have to ask for one it has not heard of yet).
   */
  look(code: string): Promise<ServedTable | undefined> {
    const known = this.find(code);
    if (known || !this.store?.look || code.trim() === '') return Promise.resolve(known);
    return this.store.look(code.trim().toLowerCase());
  }

  /** The running table where this person holds a seat (to go straight back to it). */
  seatedAt(person: Person): ServedTable | undefined {
    return [...this.tables.values()].find(
      (t) => t.status === 'running' && t.seatOf(person) !== undefined,
    );
  }

  remove(table: ServedTable): void {
    this.tables.delete(table.code);
  }

  /** Finished tables leave the lobby a while after their end. */
  sweep(keepMs: number): void {
    const now = this.options.now();
    for (const table of [...this.tables.values()])
      if (table.endedAt !== undefined && now - table.endedAt > keepMs) {
        this.store?.swept?.(table);
        this.tables.delete(table.code);
      }
  }

  runsHere(code: string): boolean {
    return this.store?.runsHere?.(code) ?? true;
  }

  describe(): string[] {
    return this.store?.describe?.() ?? [];
  }

  takeovers(): number {
    return this.store?.takeovers?.() ?? 0;
  }

  async open(book: PlayerBook): Promise<void> {
    await this.store?.open?.(this, book);
  }

  /** The games stay unfinished, to be reopened: their recordings are closed, not ended. */
  async stop(): Promise<void> {
    for (const table of this.tables.values())
      if (table.status === 'running') table.session?.recorder.close();
    await this.store?.stop?.();
  }

  subscribe(listener: (table: ServedTable | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Something changed, at this table (undefined: the hall itself): told to every screen. */
  touch(table?: ServedTable): void {
    this.store?.changed?.(this);
    for (const listener of [...this.listeners]) listener(table);
  }
}
