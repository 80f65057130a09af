/**
 * madang serve --redis: several server processes share one lobby and their tables through Redis.
 *
 * - The lobby: each table's state (seats, watchers, who is away, a take-back asked) is a JSON
 *   value in the hash `madang:tables`, written by the process that runs the table and published
 *   on the channel `madang:hall` with the table's words (chat, notices). Every process keeps a
 *   replica of every table (replica.ts: a ServedTable whose bus is Redis) in its one hall, so
 *   each lists every table and any connection may sit at or watch any of them.
 * - A table's events: the Redis Stream `madang:events:CODE` (stream.ts), one entry per recording
 *   line. One process runs a table (its engine: a ServedTable hosted by runner.ts) while it
 *   holds the lease `madang:lease:CODE` (SET NX PX, renewed). Intents from connections on other
 *   processes reach it through the stream `madang:intents:CODE`. Every process's views, the
 *   runner's own too, draw a follower (a Table that follows the stream by XREAD BLOCK): a move
 *   is shown once Redis holds it, never before.
 * - Failover: a lease that runs out (its process killed) is taken by another process, which folds
 *   the stream, draws the throws again from the header's seed (the chance source goes on where it
 *   was) and runs the table from there.
 * - Redis faults: while Redis cannot be reached every table pauses (the computers wait, intents
 *   are refused with a message); when it is back the runners write what is missing (all of it,
 *   after a restart that lost the data) and play goes on.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AnyGameModule, Start } from '../../games/module.js';
import { Hall, type TableStore } from '../hall.js';
import { type Person, type ServedTable } from '../served-table.js';
import type { Entry as BookEntry, PlayerBook } from '../identity.js';
import type { Hub, RedisStoreOptions } from './hub.js';
import { Intents } from './intents.js';
import { Leases } from './leases.js';
import { keysOf, type Message, type Meta, NOT_SENT, pause } from './protocol.js';
import { Replica } from './replica.js';
import { Runner } from './runner.js';
import { fromFields, streamId } from './stream.js';

export { FULL, keysOf, NOT_SENT, PAUSED, RESUMED, STALE, TAKEN_OVER, WRITTEN } from './protocol.js';
export { Replica } from './replica.js';

export type { RedisStoreOptions } from './hub.js';

/**
 * The hall's store with --redis: every process's tables, replicas in this process's one hall
 * (`hall`), made of the roles: the runner of the tables held here, their intents, and the
 * leases that say who runs what. It is also the replicas' bus (replica.ts) to their runners.
 */
export class RedisStore implements TableStore, Hub {
  /** This process, as leases and watchers name it. */
  readonly proc = randomUUID().slice(0, 8);
  readonly keys: ReturnType<typeof keysOf>;
  /** The lobby: every table, as this process sees it (the same one hall as without Redis). */
  readonly hall: Hall;
  /** Each table's replica here: its lobby state and its stream followed. */
  readonly replicas = new Map<string, Replica>();
  readonly runner: Runner;
  private readonly intents: Intents;
  readonly leases: Leases;
  readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly reader: Redis;
  readonly intentReader: Redis;
  readonly leaseMs: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  stopped = false;
  /** Redis cannot be reached: every table here is paused. */
  down = false;
  /** The first error Redis's connections reported. */
  private said: string | undefined;
  /** Figures for the bench: entries written and followed. */
  readonly counts = { written: 0, followed: 0, takenOver: 0 };

  constructor(readonly redisOptions: RedisStoreOptions) {
    this.hall = new Hall({ ...redisOptions, store: this });
    this.keys = keysOf(redisOptions.prefix);
    this.leaseMs = redisOptions.leaseMs ?? 10_000;
    this.runner = new Runner(this, redisOptions);
    this.intents = new Intents(this, this.runner);
    this.leases = new Leases(this, this.runner);
    const connection = {
      // Named, so that the others see in CLIENT LIST whether this process is still there.
      connectionName: `madang:${this.proc}`,
      protocol: 2 as const,
      enableOfflineQueue: false,
      maxRetriesPerRequest: null,
      retryStrategy: (times: number) => Math.min(times * 100, 1000),
    };
    // A command that gets no answer (Redis unreachable without the connection closing) fails
    // after a while instead of waiting for ever: the tick then pauses the tables.
    this.cmd = new Redis(redisOptions.url, {
      ...connection,
      lazyConnect: true,
      commandTimeout: Math.max(1000, Math.min(5000, this.leaseMs)),
    });
    this.sub = new Redis(redisOptions.url, {
      ...connection,
      enableOfflineQueue: true,
      lazyConnect: true,
    });
    this.reader = new Redis(redisOptions.url, { ...connection, lazyConnect: true });
    this.intentReader = new Redis(redisOptions.url, { ...connection, lazyConnect: true });
    // Redis's own word on a failed connection (WRONGPASS, a certificate refused), kept for
    // `connect`: the failed connect itself only says the connection closed.
    for (const r of [this.cmd, this.sub, this.reader, this.intentReader])
      r.on('error', (error: Error) => (this.said ??= error.message));
  }

  /** Connect (within `ms`, else the reason), load the lobby and start following. */
  async connect(ms = 5000): Promise<string | undefined> {
    const timeout = new Promise<string>((resolve) =>
      setTimeout(
        () =>
          resolve(
            `no answer from Redis within ${ms / 1000} s${this.said ? ` (${this.said})` : ''}`,
          ),
        ms,
      ).unref(),
    );
    const connected = Promise.all(
      [this.cmd, this.sub, this.reader, this.intentReader].map((r) => r.connect()),
    ).then(
      () => undefined,
      (error: Error) => this.said ?? error.message,
    );
    const problem = await Promise.race([connected, timeout]);
    if (problem !== undefined) {
      this.close(false);
      return problem;
    }
    this.cmd.on('close', () => this.leases.lost());
    this.cmd.on('ready', () => void this.leases.back());
    this.sub.on('message', (_channel: string, message: string) => this.heard(message));
    // Messages published while the subscription was down are missed: the lobby is read again.
    this.sub.on('ready', () => void this.loadLobby().catch(() => undefined));
    await this.sub.subscribe(this.keys.channel);
    await this.cmd.set(this.keys.alive(this.proc), '1', 'PX', this.leaseMs);
    await this.loadLobby();
    this.timer = setInterval(() => void this.leases.tick(), this.leases.every);
    void this.follow();
    void this.intents.readIntents();
    return undefined;
  }

  /** Stop: leases released (another process takes the tables over at once), connections closed. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.runner.stop();
    await this.cmd.del(this.keys.alive(this.proc)).catch(() => undefined);
    this.close(true);
  }

  /** Connections dropped at once, as a killed process's would be (tests of failover). */
  close(quit: boolean): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const run of this.runner.runs.values()) run.served.table?.stop();
    for (const r of [this.cmd, this.sub, this.reader, this.intentReader])
      if (quit) void r.quit().catch(() => r.disconnect());
      else r.disconnect();
  }

  get paused(): boolean {
    return this.down;
  }

  foldedAt(code: string, seq: number, line: string): unknown {
    return this.runner.foldedAt(code, seq, line);
  }

  heldAt(code: string): string | undefined {
    return this.runner.heldAt(code);
  }

  /** The tables this process runs now. */
  running(): string[] {
    return [...this.runner.runs.keys()];
  }

  /** Said by the process that runs the table (its notices are said once). */
  runsHere(code: string): boolean {
    return this.runner.runs.has(code);
  }

  /** What the server says of this hall when it starts. */
  describe(): string[] {
    return [`as process ${this.proc}`];
  }

  takeovers(): number {
    return this.counts.takenOver;
  }

  // ---- the lobby, as every process sees it ----------------------------------------------

  get options(): RedisStoreOptions {
    return this.redisOptions;
  }

  /** Every table of the lobby, as this process sees it (the hall's). */
  get tables(): Map<string, ServedTable> {
    return this.hall.tables;
  }

  create(game: AnyGameModule, start: Start, creator: Person): ServedTable {
    return this.runner.create(game, start, creator);
  }

  remove(table: ServedTable): void {
    this.forget(table.code);
  }

  forget(code: string): void {
    this.hall.tables.delete(code);
    this.replicas.delete(code);
  }

  /** Something changed, at this table (undefined: the lobby itself): told to every screen. */
  touch(table?: ServedTable): void {
    this.hall.touch(table);
  }

  /** A finished table gone from the lobby: no longer run here, its stream kept a week. */
  swept(table: ServedTable): void {
    this.runner.drop(table.code);
    void this.cmd.expire(this.keys.events(table.code), 7 * 86400).catch(() => undefined);
    void this.publish({ t: 'gone', code: table.code });
    this.replicas.delete(table.code);
  }

  /** A table this process has not heard of yet (made a moment ago elsewhere): read from Redis. */
  async look(code: string): Promise<ServedTable | undefined> {
    if (this.down) return undefined;
    const json = await this.cmd.hget(this.keys.tables, code).catch(() => null);
    if (json) this.applyMeta(JSON.parse(json) as Meta);
    return this.hall.find(code);
  }

  private book: PlayerBook | undefined;

  /**
   * Before the server listens: the players' names shared by every process (a key named on one
   * is known on all). The tables need no reopening: they live on in the other processes.
   */
  async open(_hall: Hall, book: PlayerBook): Promise<void> {
    this.book = book;
    book.onAdd = (id, entry) => {
      void this.cmd.hset(this.keys.players, id, JSON.stringify(entry)).catch(() => undefined);
      void this.publish({ t: 'player', code: '', id, entry });
    };
    const all = await this.cmd.hgetall(this.keys.players);
    for (const [id, json] of Object.entries(all)) book.learn(id, JSON.parse(json) as BookEntry);
  }

  async loadLobby(): Promise<void> {
    const all = await this.cmd.hgetall(this.keys.tables);
    for (const json of Object.values(all)) this.applyMeta(JSON.parse(json) as Meta);
  }

  private heard(message: string): void {
    let value: {
      t: string;
      code: string;
      from?: string;
      meta?: Meta;
      line?: string;
      id?: string;
      entry?: BookEntry;
    };
    try {
      value = JSON.parse(message) as typeof value;
    } catch {
      return;
    }
    // This process's own words and changes are in already.
    if (value.from === this.proc) return;
    const replica = this.replicas.get(value.code);
    if (value.t === 'player' && value.id && value.entry) this.book?.learn(value.id, value.entry);
    else if (value.t === 'meta' && value.meta) this.applyMeta(value.meta);
    else if (value.t === 'line' && replica && value.line !== undefined) replica.hear(value.line);
    else if (value.t === 'gone' && replica && !this.runner.runs.has(value.code)) {
      this.forget(value.code);
      this.touch();
    }
  }

  applyMeta(meta: Meta): void {
    let replica = this.replicas.get(meta.code);
    if (!replica) {
      const game = this.redisOptions.games.find((g) => g.id === meta.game);
      if (!game) return;
      replica = new Replica(this, meta, game);
      this.replicas.set(meta.code, replica);
    }
    // Listed again where it was dropped from the lobby alone (the message of its making missed).
    this.tables.set(meta.code, replica.served);
    const before = replica.meta;
    if (before && before.owner === meta.owner && before.v >= meta.v) return;
    replica.take(meta);
    // A new runner knows nobody is here: every connection of this process says so again.
    if (before && before.owner !== meta.owner) replica.announce();
    this.touch(replica.served);
  }

  publish(message: object): Promise<unknown> {
    return this.cmd
      .publish(this.keys.channel, JSON.stringify({ ...message, from: this.proc }))
      .catch(() => undefined);
  }

  /** From a replica: to the table's runner (here at once, else through Redis). */
  send(code: string, message: Message): void {
    const from = { ...message, from: this.proc };
    if (this.runner.runs.has(code)) return this.intents.handle(code, from);
    // Not taken: a player's own request is answered on their screen, never lost without a word.
    const unsent = () => {
      if (message.kind === 'arrived' || message.kind === 'departed' || message.kind === 'tell')
        return;
      const who = 'person' in message ? `(${message.person.name}) ` : '';
      this.replicas.get(code)?.hear(`${who}${NOT_SENT}`);
    };
    if (this.down) return unsent();
    void this.cmd
      .xadd(this.keys.intents(code), 'MAXLEN', '~', 1000, '*', 'm', JSON.stringify(from))
      .catch(unsent);
  }

  /** Every table's stream followed by this process's replicas. */
  private async follow(): Promise<void> {
    while (!this.stopped) {
      const followed = [...this.replicas.values()].filter((t) => t.status !== 'waiting' && !t.done);
      if (followed.length === 0) {
        await pause(100);
        continue;
      }
      try {
        const reply = (await this.reader.call(
          'XREAD',
          'COUNT',
          1000,
          'BLOCK',
          200,
          'STREAMS',
          ...followed.map((t) => this.keys.events(t.code)),
          ...followed.map((t) => streamId(t.seq)),
        )) as [string, [string, string[]][]][] | null;
        for (const [key, items] of reply ?? []) {
          const replica = this.replicas.get(key.slice(this.keys.events('').length));
          if (!replica) continue;
          for (const [id, fields] of items) {
            this.counts.followed++;
            replica.entry(fromFields(id, fields));
          }
        }
      } catch {
        await pause(200);
      }
    }
  }
}
