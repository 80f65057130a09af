/**
 * madang serve --redis, a replica: a table as this process sees it, whoever runs it. Its seating
 * is a ServedTable like any (the same checks, the same words) whose bus is this replica: what a
 * connection here asks goes to the process that runs the table; the lobby state comes back from
 * Redis (take), the game from the table's stream (a follower Table, entry by entry).
 */
import type { GameEvent } from '../../engine/game.js';
import type { Header } from '../../engine/recording.js';
import { sessionFromHeader } from '../../table/session.js';
import type { AnyGameModule } from '../../games/module.js';
import { type Person, type Request, ServedTable, type TableBus } from '../served-table.js';
import type { Hub } from './hub.js';
import { type Meta, PAUSED } from './protocol.js';
import type { Entry } from './stream.js';

export class Replica implements TableBus {
  readonly served: ServedTable;
  meta: Meta | undefined;
  /** The last entry of the stream followed. */
  seq = 0;
  done = false;
  private back = 0;
  /** This process's connections at the table, said again to a new runner (announce). */
  private readonly here = new Map<string, { person: Person; count: number }>();
  private readonly watching = new Map<number | string, Person>();

  constructor(
    private readonly hub: Hub,
    meta: Meta,
    private readonly game: AnyGameModule,
  ) {
    const start = { options: meta.options, seats: meta.seats, rated: meta.rated };
    this.served = new ServedTable(hub, meta.code, game, start, meta.creator, meta.createdAt, this);
  }

  get code(): string {
    return this.served.code;
  }

  get status(): 'waiting' | 'running' | 'over' {
    return this.meta?.status ?? 'waiting';
  }

  /** The lobby's state of the table, as its runner wrote it. */
  take(meta: Meta): void {
    this.meta = meta;
    this.served.take(meta);
  }

  held(): string | undefined {
    return this.hub.paused ? PAUSED : this.hub.heldAt(this.code);
  }

  /** To the runner; who is here and who watches kept, to say again to a new one. */
  send(request: Request): void {
    if (request.kind === 'arrived' || request.kind === 'departed') {
      const had = this.here.get(request.person.id)?.count ?? 0;
      const count = had + (request.kind === 'arrived' ? 1 : -1);
      if (count > 0) this.here.set(request.person.id, { person: request.person, count });
      else this.here.delete(request.person.id);
    }
    if (request.kind === 'watch') {
      this.watching.set(request.key, request.person);
      return this.hub.send(this.code, { ...request, key: `${this.hub.proc}:${request.key}` });
    }
    if (request.kind === 'unwatch') {
      if (!this.watching.delete(request.key)) return;
      return this.hub.send(this.code, { ...request, key: `${this.hub.proc}:${request.key}` });
    }
    this.hub.send(this.code, request);
  }

  /** Every connection here at this table says so again (to a new runner, or after a gap). */
  announce(): void {
    for (const { person, count } of this.here.values())
      this.hub.send(this.code, { kind: 'present', person, count });
    for (const [connection, person] of this.watching)
      this.hub.send(this.code, { kind: 'watch', key: `${this.hub.proc}:${connection}`, person });
  }

  /** Told to the views here (the runner's words, or this process's own about Redis). */
  hear(line: string): void {
    this.served.tell(line);
  }

  /** One entry of the table's stream, in order. */
  entry(entry: Entry): void {
    if (entry.seq !== this.seq + 1) return;
    this.seq = entry.seq;
    if (entry.seq === 1) return this.opened(entry);
    const table = this.served.table;
    if (!table) return;
    if (entry.line === undefined) {
      table.followClosed(entry.closed ?? 'quit');
      this.done = true;
      return;
    }
    const value = JSON.parse(entry.line) as GameEvent;
    if (value.type === 'session/moveTakenBack') {
      this.back++;
      if (entry.mover !== undefined) {
        const folded = this.hub.foldedAt(this.code, entry.seq, entry.line);
        table.followBack(this.back, entry.mover, folded);
        this.back = 0;
      }
      return;
    }
    if (value.type.startsWith('session/')) {
      if (value.type === 'session/ended') this.done = true;
      return;
    }
    const by = entry.chance ? 'chance' : entry.reason !== undefined ? 'computer' : 'person';
    // Run here: the engine folded it already, and its state is taken as it is.
    const folded = this.hub.foldedAt(this.code, entry.seq, entry.line);
    const problem = table.follow(value, by, entry.reason, folded);
    if (problem)
      this.hub.redisOptions.log(`table ${this.code}: entry ${entry.seq} refused: ${problem}`);
  }

  private opened(entry: Entry): void {
    const header = JSON.parse(entry.line ?? '{}') as Header;
    const parsed = this.game.parseOptions(header.options);
    if (!parsed.ok) return;
    this.served.follow(sessionFromHeader(this.game, header, parsed.options));
  }
}
