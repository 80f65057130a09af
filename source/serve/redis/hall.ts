/**
 * madang serve --redis: several server processes share one lobby and their tables through Redis.
 *
 * - The lobby: each table's state (seats, watchers, who is away, a take-back asked) is a JSON
 *   value in the hash `madang:tables`, written by the process that runs the table and published
 *   on the channel `madang:hall` with the table's words (chat, notices). Every process keeps a
 *   replica of every table (ReplicaTable), so each lists every table and any connection may sit
 *   at or watch any of them.
 * - A table's events: the Redis Stream `madang:events:CODE` (stream.ts), one entry per recording
 *   line. One process runs a table (its engine: the ServedTable and Table of hall.ts) while it
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
import type { Think } from '../../engine/bots.js';
import type { GameEvent, Outcome } from '../../engine/game.js';
import {
  ENDED,
  EXPLAINED,
  type Header,
  NO_RECORDING,
  type Recorder,
  TAKEN_BACK,
} from '../../engine/recording.js';
import { type Seat, seatFromPlayer } from '../../engine/seats.js';
import type { AnyGameModule, Start } from '../../games/module.js';
import { SessionFactory } from '../../app/session.js';
import type { Session } from '../../ui/play-session.js';
import { type Answer, type Intent, Table, type TableView } from '../../table/table.js';
import { Hall, type HallOptions, type Holder, type Person, ServedTable } from '../hall.js';
import type { Entry as BookEntry, PlayerBook } from '../identity.js';
import {
  drawAgain,
  type Entry,
  foldStream,
  fromFields,
  StreamRecorder,
  streamId,
  toFields,
} from './stream.js';

export const PAUSED = 'Redis cannot be reached: the table is paused until it is back.';
export const RESUMED = 'Redis is back: play goes on.';
/** A write Redis refused (maxmemory reached, say): the table waits until one lands. */
export const FULL = 'Redis is full and takes no more writes: the table is paused until it does.';
/** A write Redis refused for another reason (a read-only replica, a permission). */
export const REFUSED = 'Redis refused to write the game: the table is paused until it takes it.';
export const WRITTEN = 'Redis takes the writes again: play goes on.';
export const TAKEN_OVER = 'The server that ran this table stopped: another goes on with it.';
/** A move whose position changed before it reached the runner (a key pressed twice, say). */
export const STALE = 'Not made: the board changed before your key arrived. Look again.';
/**
 * An intent Redis did not answer for (not answering, or gone): it may have reached the table
 * or not (a hung Redis may still do it when it wakes), so the sender is told to look first.
 */
export const NOT_SENT =
  'Redis did not answer: this may not have reached the table. Look before you try again.';

/** Stream ids in order (`ms-n`). */
const idAfter = (a: string, b: string) => {
  const [am, an] = a.split('-').map(Number) as [number, number];
  const [bm, bn] = b.split('-').map(Number) as [number, number];
  return am > bm || (am === bm && an > bn);
};

/** The keys, under one prefix. */
export const keysOf = (prefix = 'madang:') => ({
  tables: `${prefix}tables`,
  channel: `${prefix}hall`,
  events: (code: string) => `${prefix}events:${code}`,
  intents: (code: string) => `${prefix}intents:${code}`,
  lease: (code: string) => `${prefix}lease:${code}`,
  /** The last intent the table's runner handled (a new runner reads on from there). */
  handled: (code: string) => `${prefix}handled:${code}`,
  /** A process says it is alive (renewed as leases are): gone, its players are away. */
  alive: (proc: string) => `${prefix}alive:${proc}`,
  players: `${prefix}players`,
});

/** A table as the lobby keeps it in Redis. */
interface Meta {
  readonly code: string;
  readonly game: string;
  readonly options: unknown;
  readonly seats: readonly Seat[];
  readonly creator: Person;
  readonly createdAt: number;
  readonly startedAt?: number | undefined;
  readonly endedAt?: number | undefined;
  readonly status: 'waiting' | 'running' | 'over';
  readonly holders: readonly Holder[];
  readonly watchers: readonly Person[];
  readonly away: readonly (readonly [number, number])[];
  readonly covered: readonly number[];
  readonly asked?: { readonly mover: number; readonly waiting: readonly number[] } | undefined;
  readonly owner: string;
  /** Grows with every write by one owner (a late message never undoes a newer one). */
  readonly v: number;
}

/** What one process asks of the process that runs a table (`from`: the process that asks). */
type Message = { readonly from?: string } & (
  | {
      readonly kind: 'sit' | 'stand' | 'start' | 'arrived' | 'departed' | 'giveAway' | 'end';
      readonly person: Person;
    }
  | { readonly kind: 'watch'; readonly key: string; readonly person: Person }
  /** How many connections of this person the sender has at the table (said again, as is). */
  | { readonly kind: 'present'; readonly person: Person; readonly count: number }
  | { readonly kind: 'unwatch'; readonly key: string }
  | { readonly kind: 'answer'; readonly person: Person; readonly agree: boolean }
  | { readonly kind: 'chat'; readonly person: Person; readonly text: string }
  | { readonly kind: 'tell'; readonly line: string }
  | {
      readonly kind: 'game';
      readonly person: Person;
      readonly intent: Intent<GameEvent>;
      /** The last entry the sender had seen: an intent made on an older position is refused. */
      readonly at: number;
    }
);

export interface RedisHallOptions extends Omit<HallOptions, 'startSession' | 'changed'> {
  readonly url: string;
  readonly games: readonly AnyGameModule[];
  readonly app: string;
  readonly seed?: number | undefined;
  freshSeed(): number;
  /** The runner's recording file of a table (verify and replay read it as any). */
  openFile(header: Header): Recorder;
  log(line: string): void;
  /** How long a lease lasts unrenewed (a dead runner's tables are taken over after it). */
  readonly leaseMs?: number | undefined;
  readonly prefix?: string | undefined;
  /** How the followers' hints think (the program's worker thread). */
  readonly think?: Think | undefined;
}

/** A table this process runs. */
interface Run {
  readonly code: string;
  served: ServedTable;
  stream?: StreamRecorder | undefined;
  /** Every entry made, in order; the first `landed` are in Redis. */
  readonly history: Entry[];
  landed: number;
  writing: boolean;
  /** The last intent read from its stream. */
  intentsAfter: string;
  lastMeta: string;
  v: number;
  /** While a new runner loads the stream into its engine, nothing goes to Redis. */
  quiet: boolean;
  /** The runner's recording file, written as entries land (the first `filed` are in it). */
  file: Recorder;
  filed: number;
  /** The connections at the table, by the process they are on (a dead one's are away). */
  readonly presence: Map<string, Map<string, { person: Person; count: number }>>;
  /**
   * Intents up to this one were sent before this process took the table over: a move made in
   * the gap is applied if its position still holds; what the connections say again is skipped.
   */
  inherited: string;
  /**
   * Taken over: the players not yet heard of since (none said again that they are here). One
   * who arrives meanwhile had a connection on the process that stopped and comes back: said so.
   */
  unheard?: Set<string> | undefined;
  /** The notice of a write Redis refused (full, say): the table holds until one lands. */
  held?: string | undefined;
  /** Its lobby state was refused: written again by the tick. */
  metaRefused?: boolean | undefined;
}

/**
 * The runner's recorder: the stream's, silent while a new runner loads the stream into its
 * engine. The recording file is written from the entries that landed (toFile), so it never holds
 * a line the stream does not.
 */
function quietly(stream: Recorder, quiet: () => boolean): Recorder {
  return {
    file: undefined,
    problem: undefined,
    event: (event, chance) => (quiet() ? undefined : stream.event(event, chance)),
    takenBack: () => (quiet() ? undefined : stream.takenBack()),
    explained: (reason) => (quiet() ? undefined : stream.explained(reason)),
    end: (outcome) => (quiet() ? undefined : stream.end(outcome)),
    close: () => undefined,
  };
}

/** A landed entry into the runner's recording file. */
function toFile(file: Recorder, entry: Entry): void {
  if (entry.line === undefined || entry.seq === 1) return;
  const value = JSON.parse(entry.line) as GameEvent & { reason?: string; outcome?: Outcome };
  if (value.type === TAKEN_BACK) file.takenBack();
  else if (value.type === EXPLAINED) file.explained(value.reason ?? '');
  else if (value.type === ENDED && value.outcome) file.end(value.outcome);
  else if (!value.type.startsWith('session/')) file.event(value, entry.chance === true);
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/**
 * Fenced writes: only the lease's holder writes a table's entries and its lobby state, so a
 * runner that stalled past its lease (a loaded machine) and has not noticed yet cannot write
 * beside the process that took the table over. A lease that ran out with no one taking it is
 * taken again by the write.
 */
const HOLD = `local holder = redis.call('get', KEYS[1])
if holder == false then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
elseif holder ~= ARGV[1] then return redis.error_reply('LEASE held by ' .. holder) end`;
/** A lease taken from a process that is gone (none of its connections is left in Redis). */
const STEAL = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) else return 0 end`;
const FENCED_XADD = `${HOLD}
return redis.call('xadd', KEYS[2], unpack(ARGV, 3))`;
const FENCED_META = `${HOLD}
redis.call('hset', KEYS[2], ARGV[3], ARGV[4])
return redis.call('publish', ARGV[5], ARGV[6])`;

export class RedisHall extends Hall {
  /** This process, as leases and watchers name it. */
  readonly proc = randomUUID().slice(0, 8);
  readonly keys: ReturnType<typeof keysOf>;
  /** The tables this process runs (their engines). */
  private readonly engine: Hall;
  private readonly runs = new Map<string, Run>();
  /**
   * The recording files of tables run here before and let go (their lease went elsewhere): the
   * table taken back goes on in the same file, where each move opened another (5 for one game).
   */
  private readonly kept = new Map<string, { file: Recorder; filed: number }>();
  private readonly sessions: SessionFactory;
  private header: Header | undefined;
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly reader: Redis;
  private readonly intentReader: Redis;
  private readonly leaseMs: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private down = false;
  private taking = new Set<string>();
  private graceUntil = 0;
  /** The first error Redis's connections reported. */
  private said: string | undefined;
  /** Figures for the bench: entries written and followed. */
  readonly counts = { written: 0, followed: 0, takenOver: 0 };

  constructor(readonly redisOptions: RedisHallOptions) {
    super({
      ...redisOptions,
      startSession: () => 'a replica never starts a game',
    });
    this.keys = keysOf(redisOptions.prefix);
    this.leaseMs = redisOptions.leaseMs ?? 10_000;
    this.sessions = new SessionFactory({
      seed: redisOptions.seed,
      app: redisOptions.app,
      openRecorder: (header) => {
        this.header = header;
        return redisOptions.openFile(header);
      },
      appendRecorder: () => NO_RECORDING,
      freshSeed: redisOptions.freshSeed,
      now: () => new Date(redisOptions.now()),
    });
    this.engine = new Hall({
      ...redisOptions,
      code: () => {
        let code = redisOptions.code();
        while (this.tables.has(code)) code = redisOptions.code();
        // The lease first: no other process may see the table before it is run here.
        void this.cmd
          .set(this.keys.lease(code), this.proc, 'PX', this.leaseMs, 'NX')
          .catch(() => undefined);
        return code;
      },
      startSession: (game, start, code) => this.startSession(game, start, code),
    });
    this.engine.subscribe((table) => {
      if (table) this.engineChanged(table);
      else for (const t of this.engine.tables.values()) this.engineChanged(t);
    });
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
    this.cmd.on('close', () => this.lost());
    this.cmd.on('ready', () => void this.back());
    this.sub.on('message', (_channel: string, message: string) => this.heard(message));
    // Messages published while the subscription was down are missed: the lobby is read again.
    this.sub.on('ready', () => void this.loadLobby().catch(() => undefined));
    await this.sub.subscribe(this.keys.channel);
    await this.cmd.set(this.keys.alive(this.proc), '1', 'PX', this.leaseMs);
    await this.loadLobby();
    this.timer = setInterval(() => void this.tick(), this.every);
    void this.follow();
    void this.readIntents();
    return undefined;
  }

  /** Stop: leases released (another process takes the tables over at once), connections closed. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    for (const run of this.runs.values()) {
      run.stream?.flush();
      await this.write(run).catch(() => undefined);
      run.served.table?.stop();
      run.file.close();
      await this.cmd.eval(RELEASE, 1, this.keys.lease(run.code), this.proc).catch(() => undefined);
    }
    for (const { file } of this.kept.values()) file.close();
    this.kept.clear();
    await this.cmd.del(this.keys.alive(this.proc)).catch(() => undefined);
    this.close(true);
  }

  /** Connections dropped at once, as a killed process's would be (tests of failover). */
  close(quit: boolean): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const run of this.runs.values()) run.served.table?.stop();
    for (const r of [this.cmd, this.sub, this.reader, this.intentReader])
      if (quit) void r.quit().catch(() => r.disconnect());
      else r.disconnect();
  }

  get paused(): boolean {
    return this.down;
  }

  /** The tables this process runs now. */
  running(): string[] {
    return [...this.runs.keys()];
  }

  // ---- the lobby, as every process sees it ----------------------------------------------

  override create(game: AnyGameModule, start: Start, creator: Person): ServedTable {
    const made = this.engine.create(game, start, creator);
    return this.tables.get(made.code) ?? made;
  }

  override sweep(keepMs: number): void {
    const now = this.options.now();
    for (const table of [...this.tables.values()]) {
      if (table.endedAt === undefined || now - table.endedAt <= keepMs) continue;
      const run = this.runs.get(table.code);
      if (run) {
        this.runs.delete(table.code);
        this.engine.remove(run.served);
        void this.cmd
          .eval(RELEASE, 1, this.keys.lease(table.code), this.proc)
          .catch(() => undefined);
      }
      this.kept.get(table.code)?.file.close();
      this.kept.delete(table.code);
      // Whoever sees it first: the record stays a week for `madang export`.
      void this.cmd.hdel(this.keys.tables, table.code).catch(() => undefined);
      void this.cmd.expire(this.keys.events(table.code), 7 * 86400).catch(() => undefined);
      void this.publish({ t: 'gone', code: table.code });
      this.tables.delete(table.code);
    }
  }

  /** A table this process has not heard of yet (made a moment ago elsewhere): read from Redis. */
  override async look(code: string): Promise<ServedTable | undefined> {
    const known = this.find(code);
    if (known || this.down || code.trim() === '') return known;
    const json = await this.cmd.hget(this.keys.tables, code.trim().toLowerCase()).catch(() => null);
    if (json) this.applyMeta(JSON.parse(json) as Meta);
    return this.find(code);
  }

  private book: PlayerBook | undefined;

  /** The players' names shared by every process: a key named on one is known on all. */
  async shareBook(book: PlayerBook): Promise<void> {
    this.book = book;
    book.onAdd = (id, entry) => {
      void this.cmd.hset(this.keys.players, id, JSON.stringify(entry)).catch(() => undefined);
      void this.publish({ t: 'player', code: '', id, entry });
    };
    const all = await this.cmd.hgetall(this.keys.players);
    for (const [id, json] of Object.entries(all)) book.learn(id, JSON.parse(json) as BookEntry);
  }

  private async loadLobby(): Promise<void> {
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
    const replica = this.tables.get(value.code) as ReplicaTable | undefined;
    if (value.t === 'player' && value.id && value.entry) this.book?.learn(value.id, value.entry);
    else if (value.t === 'meta' && value.meta) this.applyMeta(value.meta);
    else if (value.t === 'line' && replica && value.line !== undefined) replica.hear(value.line);
    else if (value.t === 'gone' && replica && !this.runs.has(value.code)) {
      this.tables.delete(value.code);
      this.touch();
    }
  }

  private applyMeta(meta: Meta): void {
    let replica = this.tables.get(meta.code) as ReplicaTable | undefined;
    if (!replica) {
      const game = this.redisOptions.games.find((g) => g.id === meta.game);
      if (!game) return;
      replica = new ReplicaTable(
        this,
        meta.code,
        game,
        { options: meta.options, seats: meta.seats },
        meta.creator,
        meta.createdAt,
      );
      this.tables.set(meta.code, replica);
    }
    const before = replica.meta;
    if (before && before.owner === meta.owner && before.v >= meta.v) return;
    replica.take(meta);
    // A new runner knows nobody is here: every connection of this process says so again.
    if (before && before.owner !== meta.owner) replica.announce();
    this.touch(replica);
  }

  private publish(message: object): Promise<unknown> {
    return this.cmd
      .publish(this.keys.channel, JSON.stringify({ ...message, from: this.proc }))
      .catch(() => undefined);
  }

  /** From a replica: to the table's runner (here at once, else through Redis). */
  send(code: string, message: Message): void {
    const from = { ...message, from: this.proc };
    if (this.runs.has(code)) return this.handle(code, from);
    // Not taken: a player's own request is answered on their screen, never lost without a word.
    const unsent = () => {
      if (message.kind === 'arrived' || message.kind === 'departed' || message.kind === 'tell')
        return;
      const who = 'person' in message ? `(${message.person.name}) ` : '';
      (this.tables.get(code) as ReplicaTable | undefined)?.hear(`${who}${NOT_SENT}`);
    };
    if (this.down) return unsent();
    void this.cmd
      .xadd(this.keys.intents(code), 'MAXLEN', '~', 1000, '*', 'm', JSON.stringify(from))
      .catch(unsent);
  }

  // ---- the tables this process runs --------------------------------------------------------

  private startSession(game: AnyGameModule, start: Start, code: string): Session | string {
    this.header = undefined;
    const session = this.sessions.start(game, start);
    const header = this.header as Header | undefined;
    if (typeof session === 'string' || !header) return session;
    const run = this.runOf(code);
    run.file = session.recorder;
    run.stream = new StreamRecorder((entries) => this.made(run, entries), 0, header);
    return {
      ...session,
      recorder: quietly(run.stream, () => run.quiet),
    };
  }

  private runOf(code: string): Run {
    let run = this.runs.get(code);
    if (!run) {
      run = {
        code,
        served: this.engine.tables.get(code) as ServedTable,
        history: [],
        landed: 0,
        writing: false,
        intentsAfter: '0-0',
        lastMeta: '',
        v: 0,
        quiet: false,
        file: NO_RECORDING,
        filed: 0,
        presence: new Map(),
        inherited: '0-0',
      };
      this.runs.set(code, run);
    }
    return run;
  }

  private watched = new WeakSet<object>();

  /** Something changed at a table run here: its facts watched, its state written. */
  private engineChanged(served: ServedTable): void {
    const run = this.runs.get(served.code) ?? this.runOf(served.code);
    run.served = served;
    if (!this.engine.tables.has(served.code)) {
      // Every seat left a waiting table: gone.
      this.runs.delete(served.code);
      this.tables.delete(served.code);
      void this.cmd.hdel(this.keys.tables, served.code).catch(() => undefined);
      void this.cmd
        .eval(RELEASE, 1, this.keys.lease(served.code), this.proc)
        .catch(() => undefined);
      void this.publish({ t: 'gone', code: served.code });
      this.touch();
      return;
    }
    if (!this.watched.has(served)) {
      this.watched.add(served);
      served.lines((line) => {
        (this.tables.get(served.code) as ReplicaTable | undefined)?.hear(line);
        void this.publish({ t: 'line', code: served.code, line });
      });
    }
    const table = served.table;
    if (table && !this.watched.has(table)) {
      this.watched.add(table);
      table.subscribe((fact) => {
        if (fact.kind === 'takenBack') run.stream?.takenBackBy(fact.mover);
        if (fact.kind === 'closed' && fact.outcome.status === 'running')
          run.stream?.closed(fact.leaving);
      });
      if (this.down) table.hold(this, true);
    }
    this.writeMeta(run);
  }

  private metaOf(run: Run): Meta {
    const s = run.served;
    return {
      code: s.code,
      game: s.game.id,
      options: s.start.options,
      seats: s.start.seats,
      creator: s.creator,
      createdAt: s.createdAt,
      startedAt: s.startedAt,
      endedAt: s.endedAt,
      status: s.status,
      holders: [...s.holders],
      watchers: [...s.watchers.values()],
      away: [...s.awaySince],
      covered: [...s.covered],
      asked: s.takeBackAsked,
      owner: this.proc,
      v: run.v,
    };
  }

  private writeMeta(run: Run): void {
    // Not while a new runner loads the table: its state is written once loaded (presentOrAway),
    // else the connections' word that they are here came first and a present player was 'back'.
    if (run.quiet) return;
    // Compared without its version, which only a change moves on.
    const json = JSON.stringify({ ...this.metaOf(run), v: 0 });
    if (json === run.lastMeta) return;
    run.lastMeta = json;
    run.v++;
    const meta = this.metaOf(run);
    this.applyMeta(meta);
    if (this.down) return;
    void this.cmd
      .eval(
        FENCED_META,
        2,
        this.keys.lease(run.code),
        this.keys.tables,
        this.proc,
        this.leaseMs,
        run.code,
        JSON.stringify(meta),
        this.keys.channel,
        JSON.stringify({ t: 'meta', code: run.code, meta, from: this.proc }),
      )
      .then(
        () => {
          run.metaRefused = false;
          this.landedAll(run);
        },
        (error: Error) => {
          if (/LEASE held/.test(error.message))
            return this.letGo(run, 'another process runs it now');
          // Written again by the tick, whatever Redis said (only a refusal holds the table).
          run.lastMeta = '';
          run.metaRefused = true;
          this.refused(run, error);
        },
      );
  }

  /** New entries of a table run here: kept, then written in order. */
  private made(run: Run, entries: Entry[]): void {
    run.history.push(...entries);
    this.flush(run);
  }

  /** The entries not yet in Redis written; a write Redis refuses holds the table. */
  private flush(run: Run): void {
    void this.write(run).then(
      () => this.landedAll(run),
      (error: Error) => this.refused(run, error),
    );
  }

  /**
   * Redis answered a write with an error (OOM when maxmemory is reached with noeviction): the
   * table holds, its computers wait and its players are told, as when Redis cannot be reached;
   * the tick writes again until Redis takes it. A lost connection is `lost`'s to say.
   */
  private refused(run: Run, error: Error): void {
    if (this.runs.get(run.code) !== run || error.name !== 'ReplyError' || run.held) return;
    run.held = /OOM/.test(error.message) ? FULL : REFUSED;
    this.redisOptions.log(
      `table ${run.code}: Redis refused a write (${error.message}): paused until it takes it`,
    );
    run.served.table?.hold(run, true);
    run.served.tellAll(run.held);
  }

  /** Everything of a held table in Redis again: play goes on. */
  private landedAll(run: Run): void {
    if (!run.held || run.metaRefused || run.landed < run.history.length) return;
    if (this.runs.get(run.code) !== run) return;
    run.held = undefined;
    this.redisOptions.log(`table ${run.code}: Redis takes the writes again`);
    run.served.table?.hold(run, false);
    run.served.tellAll(WRITTEN);
  }

  /** Why intents for this table are refused here now (a write Redis refused), if they are. */
  heldAt(code: string): string | undefined {
    return this.runs.get(code)?.held;
  }

  /**
   * Write the entries not yet in Redis, in order. An id Redis already has is this process's own
   * line landed before its answer was lost, or another runner's: then this process lets go.
   */
  private async write(run: Run): Promise<void> {
    if (run.writing || this.down) return;
    run.writing = true;
    const key = this.keys.events(run.code);
    try {
      while (run.landed < run.history.length && !this.down && this.runs.get(run.code) === run) {
        const batch = run.history.slice(run.landed, run.landed + 200);
        const pipe = this.cmd.pipeline();
        for (const entry of batch)
          pipe.eval(
            FENCED_XADD,
            2,
            this.keys.lease(run.code),
            key,
            this.proc,
            this.leaseMs,
            streamId(entry.seq),
            ...toFields(entry),
          );
        const results = (await pipe.exec()) ?? [];
        for (let i = 0; i < batch.length; i++) {
          const error = results[i]?.[0];
          const entry = batch[i] as Entry;
          if (error && /LEASE held/.test(error.message))
            return this.letGo(run, 'another process runs it now');
          if (error && /equal or smaller/i.test(error.message)) {
            const there = (await this.cmd.xrange(key, streamId(entry.seq), streamId(entry.seq)))[0];
            const same = there && fromFields(there[0], there[1]).line === entry.line;
            if (!same) return this.letGo(run, 'another process runs it now');
          } else if (error) throw error;
          run.landed++;
          // Written again after a restart of Redis: in the file once.
          if (entry.seq > run.filed) {
            toFile(run.file, entry);
            run.filed = entry.seq;
          }
          this.counts.written++;
        }
      }
    } finally {
      run.writing = false;
    }
  }

  private letGo(run: Run, why: string): void {
    if (this.runs.get(run.code) !== run) return;
    this.redisOptions.log(`table ${run.code}: no longer run here (${why})`);
    this.runs.delete(run.code);
    run.served.table?.stop();
    this.kept.set(run.code, { file: run.file, filed: run.filed });
    this.engine.tables.delete(run.code);
  }

  /**
   * An intent for a table run here. `id`: its id in the table's intents, for one read from
   * there; one sent before this process took the table over is handled as `inherited` says.
   */
  private handle(code: string, message: Message, id?: string): void {
    const run = this.runs.get(code);
    const served = run?.served;
    if (!run || !served) return;
    const say = (problem: string | undefined, who?: Person) => {
      if (problem) served.tellAll(who ? `(${who.name}) ${problem}` : problem);
    };
    const inherited = id !== undefined && !idAfter(id, run.inherited);
    // Who is here and who watches, the connections say again to a new runner (announce).
    if (message.from !== undefined) this.heardFrom.set(message.from, Date.now());
    const presence = ['arrived', 'departed', 'present', 'watch', 'unwatch', 'tell'];
    if (inherited && presence.includes(message.kind)) return;
    if (message.kind === 'arrived' || message.kind === 'departed' || message.kind === 'present') {
      // Counted by process, so a process that dies takes its connections with it (gone).
      const proc = message.from ?? this.proc;
      const people = run.presence.get(proc) ?? new Map<string, { person: Person; count: number }>();
      run.presence.set(proc, people);
      const had = people.get(message.person.id)?.count ?? 0;
      const count =
        message.kind === 'present'
          ? message.count
          : Math.max(0, had + (message.kind === 'arrived' ? 1 : -1));
      if (count > 0) people.set(message.person.id, { person: message.person, count });
      else people.delete(message.person.id);
      // Back through another process after theirs stopped, before the new runner said them
      // away: away for that moment, so that the table hears them come back.
      if (run.unheard?.delete(message.person.id) && message.kind === 'arrived' && had === 0) {
        const seat = served.seatOf(message.person);
        if (seat !== undefined && !served.awaySince.has(seat))
          served.awaySince.set(seat, this.options.now());
      }
      for (let n = had; n < count; n++) served.arrived(message.person);
      for (let n = count; n < had; n++) served.departed(message.person);
      if (this.engine.tables.has(code)) this.writeMeta(run);
      return;
    }
    switch (message.kind) {
      case 'sit': {
        // Refused (the last seat went to someone else meanwhile): the asker is told, and watches.
        const seat = served.sit(message.person);
        if (typeof seat === 'string') say(seat, message.person);
        break;
      }
      case 'stand':
        served.stand(message.person);
        break;
      case 'start':
        say(served.startEarly(message.person));
        break;
      case 'giveAway':
        say(served.giveAway(message.person));
        break;
      case 'end':
        say(served.end(message.person));
        break;
      case 'watch':
        served.watch(message.key, message.person);
        break;
      case 'unwatch':
        served.unwatch(message.key);
        break;
      case 'answer':
        served.answer(message.person, message.agree);
        break;
      case 'chat':
        say(served.chat(message.person, message.text), message.person);
        break;
      case 'tell':
        served.tellAll(message.line);
        break;
      case 'game': {
        if (!served.table || !run.stream || this.down || run.held) {
          say(this.down ? PAUSED : (run.held ?? 'The game is not running.'), message.person);
          break;
        }
        if (run.stream.last !== message.at) {
          // Made on an older position: the old runner handled it already (a takeover's inherited
          // intents), else the sender is told.
          if (!inherited) say(STALE, message.person);
          break;
        }
        const answer = served.viewFor(message.person).send(message.intent);
        if (!answer.ok && !answer.problem.startsWith('Asked the others'))
          say(answer.problem, message.person);
        break;
      }
    }
    if (this.engine.tables.has(code)) this.writeMeta(run);
  }

  /** The intents for the tables run here, as they come. */
  private async readIntents(): Promise<void> {
    while (!this.stopped) {
      const runs = [...this.runs.values()];
      if (runs.length === 0 || this.down) {
        await pause(100);
        continue;
      }
      try {
        const reply = (await this.intentReader.call(
          'XREAD',
          'COUNT',
          500,
          'BLOCK',
          200,
          'STREAMS',
          ...runs.map((r) => this.keys.intents(r.code)),
          ...runs.map((r) => r.intentsAfter),
        )) as [string, [string, string[]][]][] | null;
        for (const [key, items] of reply ?? []) {
          const code = key.slice(this.keys.intents('').length);
          const run = this.runs.get(code);
          if (!run) continue;
          for (const [id, fields] of items) {
            run.intentsAfter = id;
            try {
              this.handle(code, JSON.parse(fields[1] ?? 'null') as Message, id);
            } catch {
              // Not an intent: skipped.
            }
          }
          // How far this runner got: a runner after it reads on from there (what it misses
          // of this is at most one batch, which it handles as inherited).
          void this.cmd
            .set(this.keys.handled(code), run.intentsAfter, 'EX', 7 * 86400)
            .catch(() => undefined);
        }
      } catch {
        await pause(200);
      }
    }
  }

  /** Every table's stream followed by this process's replicas. */
  private async follow(): Promise<void> {
    while (!this.stopped) {
      const followed = [...this.tables.values()].filter(
        (t): t is ReplicaTable => t instanceof ReplicaTable && t.status !== 'waiting' && !t.done,
      );
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
          const replica = this.tables.get(key.slice(this.keys.events('').length));
          if (!(replica instanceof ReplicaTable)) continue;
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

  // ---- leases, failover, faults --------------------------------------------------------------

  private ticks = 0;
  private ticking = false;
  private renewing = false;
  /** When each process last asked something of a table run here. */
  private readonly heardFrom = new Map<string, number>();

  /**
   * Every second at most: the leases renewed (one round trip of their own, so that nothing else
   * the tick waits for delays them), and then, one tick at a time, Redis asked whether it
   * answers, dead processes' players marked away, orphaned tables taken over.
   */
  private async tick(): Promise<void> {
    // The timer far behind its time: this process is starved or blocked (its leases may lapse).
    // Measured here, not by the renewals, which a Redis that does not answer delays as well.
    const now = Date.now();
    const late = this.lastTick === 0 ? 0 : now - this.lastTick - this.every;
    this.lastTick = now;
    if (late > this.leaseMs / 2)
      this.redisOptions.log(
        `this process fell ${(late / 1000).toFixed(1)} s behind (the machine is busy): tables it runs may move to another`,
      );
    if (this.down || this.stopped) return;
    void this.renew();
    // What Redis refused or did not answer for, written again (nothing else would).
    for (const run of this.runs.values()) {
      if (run.landed < run.history.length && !run.writing) this.flush(run);
      if (run.metaRefused) this.writeMeta(run);
    }
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.ticked();
    } finally {
      this.ticking = false;
    }
  }

  private lastTick = 0;
  private get every(): number {
    return Math.max(200, Math.min(1000, Math.floor(this.leaseMs / 4)));
  }

  /** This process said alive and its leases renewed, those being taken over too. */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    const asked = Date.now();
    try {
      // One round trip for all: with a hundred tables, one at a time took longer than a lease
      // lasts on a busy machine, and the tables went from process to process.
      const runs = [...this.runs.values()];
      const renew = this.cmd.pipeline();
      // Missing (it ran out while this process was cut off or stalled, or Redis restarted): the
      // runners may have counted this process's players away; they are told again who is here.
      renew.set(this.keys.alive(this.proc), '1', 'PX', this.leaseMs, 'NX');
      renew.pexpire(this.keys.alive(this.proc), this.leaseMs);
      for (const run of runs)
        renew.eval(RENEW, 1, this.keys.lease(run.code), this.proc, this.leaseMs);
      for (const code of this.taking)
        renew.eval(RENEW, 1, this.keys.lease(code), this.proc, this.leaseMs);
      const renewed = (await renew.exec()) ?? [];
      if (this.down) return;
      const took = Date.now() - asked;
      if (took > this.leaseMs / 2 && renewed.some(([error]) => !error))
        this.redisOptions.log(
          `Redis took ${(took / 1000).toFixed(1)} s to answer (Redis was slow, not this process): tables run here may move to another`,
        );
      if (renewed[0]?.[1] === 'OK')
        for (const t of this.tables.values()) (t as ReplicaTable).announce?.();
      // Only Redis's own answer that the lease is not this process's: a renewal that got no
      // answer (Redis stalled, a command timed out) says nothing of who holds it, and the ping
      // pauses the tables meanwhile (a stall of 6 s let go of every table here).
      const lapsed = runs.filter((_, i) => !renewed[i + 2]?.[0] && renewed[i + 2]?.[1] === 0);
      if (lapsed.length > 0) {
        // Lost while Redis was away, or never had: taken again if no one else holds it.
        const again = this.cmd.pipeline();
        for (const run of lapsed)
          again.set(this.keys.lease(run.code), this.proc, 'PX', this.leaseMs, 'NX');
        const taken = (await again.exec()) ?? [];
        lapsed.forEach((run, i) => {
          if (taken[i] && !taken[i][0] && taken[i][1] !== 'OK')
            this.letGo(run, 'its lease went to another process');
        });
      }
    } catch {
      // Redis went away meanwhile: the tick's ping pauses, `back` goes on.
    } finally {
      this.renewing = false;
    }
  }

  private async ticked(): Promise<void> {
    const asked = Date.now();
    try {
      await this.cmd.ping();
      // Redis stalled (the answer came late for every process alike): leases ran out in it
      // meanwhile, and their runners renew them first, before any process takes a table over.
      if (Date.now() - asked > this.leaseMs / 2)
        this.graceUntil = Math.max(this.graceUntil, Date.now() + Math.min(2 * this.leaseMs, 5000));
    } catch (error) {
      // No answer in time: paused, and the connection made again (ready: `back`).
      if (!this.down)
        this.redisOptions.log(
          `Redis did not answer (${(error as Error).message}): every table here paused until it does`,
        );
      this.lost();
      this.cmd.disconnect(true);
      return;
    }
    try {
      // Just after Redis came back, the runners write their tables again first.
      if (Date.now() < this.graceUntil) return;
      const connected = await this.connected();
      await this.gone(connected);
      // Now and then the whole lobby, in case a message was missed (a subscriber Redis let go).
      if (++this.ticks % 4 === 0) await this.loadLobby().catch(() => undefined);
      const orphans = [...this.tables.values()].filter(
        (t) => t.status !== 'over' && !this.runs.has(t.code) && !this.taking.has(t.code),
      );
      if (orphans.length === 0) return;
      const holders = await this.cmd.mget(...orphans.map((t) => this.keys.lease(t.code)));
      // A lease free, or held by a process whose connections are all gone from Redis (killed:
      // taken at once, not after the lease runs out; one only slow keeps its tables).
      const free = orphans.flatMap((t, i) => {
        const holder = holders[i] ?? null;
        return holder === null || connected?.has(holder) === false
          ? [{ code: t.code, holder }]
          : [];
      });
      if (free.length === 0) return;
      const claim = this.cmd.pipeline();
      for (const { code, holder } of free)
        if (holder === null) claim.set(this.keys.lease(code), this.proc, 'PX', this.leaseMs, 'NX');
        else claim.eval(STEAL, 1, this.keys.lease(code), holder, this.proc, this.leaseMs);
      const claimed = (await claim.exec()) ?? [];
      // Taken over together, and not waited for: the next ticks go on (their leases renewed
      // meanwhile), where a hundred takeovers in a row had held them past their leases.
      free.forEach(({ code }, i) => {
        if (claimed[i]?.[1] === 'OK') {
          this.taking.add(code);
          void this.takeOver(code).catch(() => undefined);
        }
      });
    } catch {
      // Redis went away meanwhile: `lost` pauses, `back` goes on.
    }
  }

  /**
   * The players of a process that stopped saying it is alive (killed, or cut off from Redis):
   * away at the tables run here, as if their connections had closed; its watchers gone.
   */
  /**
   * The processes with a connection to Redis now (CLIENT LIST, by their connections' names), or
   * undefined where Redis does not allow CLIENT LIST (an ACL): then only leases that ran out
   * and words of life not renewed tell a process gone.
   */
  private async connected(): Promise<Set<string> | undefined> {
    const list = await this.cmd.call('CLIENT', 'LIST').catch((error: Error) => {
      if (/NOPERM|unknown command|disabled/i.test(error.message)) return undefined;
      throw error;
    });
    if (list === undefined) return undefined;
    return new Set([...String(list).matchAll(/ name=madang:(\S+)/g)].map((m) => m[1] as string));
  }

  private async gone(connected: ReadonlySet<string> | undefined): Promise<void> {
    const procs = new Set<string>();
    for (const run of this.runs.values())
      for (const proc of run.presence.keys()) if (proc !== this.proc) procs.add(proc);
    const all = [...procs];
    if (all.length === 0) return;
    const asked = Date.now();
    const alive = await this.cmd.mget(...all.map((p) => this.keys.alive(p)));
    // One heard from since the question went out is alive after all (its word came back).
    const dead = all.filter(
      (p, i) =>
        (alive[i] === null || connected?.has(p) === false) && (this.heardFrom.get(p) ?? 0) < asked,
    );
    for (const proc of dead)
      for (const run of [...this.runs.values()]) {
        const people = run.presence.get(proc);
        const watchers = [...run.served.watchers.keys()].filter((key) =>
          String(key).startsWith(`${proc}:`),
        );
        if (!people && watchers.length === 0) continue;
        run.presence.delete(proc);
        for (const key of watchers) run.served.unwatch(key);
        for (const { person, count } of people?.values() ?? [])
          for (let n = 0; n < count; n++) run.served.departed(person);
        this.redisOptions.log(`table ${run.code}: process ${proc} stopped; its players are away`);
        if (this.engine.tables.has(run.code)) this.writeMeta(run);
      }
  }

  /** A table whose runner is gone, run here from its stream and its lobby state. */
  private async takeOver(code: string): Promise<void> {
    this.taking.add(code);
    const release = () =>
      this.cmd.eval(RELEASE, 1, this.keys.lease(code), this.proc).catch(() => undefined);
    try {
      const json = await this.cmd.hget(this.keys.tables, code);
      if (!json) return;
      const meta = JSON.parse(json) as Meta;
      const game = this.redisOptions.games.find((g) => g.id === meta.game);
      if (!game) return;
      const raw = await this.cmd.xrange(this.keys.events(code), '-', '+');
      const entries = raw.map(([id, fields]) => fromFields(id, fields));
      // A running table whose stream is not there (yet, after a restart of Redis): left alone.
      if (meta.status !== 'waiting' && entries.length === 0) return;
      // Intents sent while no one ran the table are read too: a move made in the gap is applied
      // if its position still holds (the stream is as its sender saw it).
      const handled = (await this.cmd.get(this.keys.handled(code))) ?? '0-0';
      const inherited =
        (await this.cmd.xrevrange(this.keys.intents(code), '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
      if (meta.status === 'waiting') {
        const served = new ServedTable(
          this.engine,
          code,
          game,
          { options: meta.options, seats: meta.seats },
          meta.creator,
          meta.createdAt,
        );
        meta.holders.forEach((h, seat) => (served.holders[seat] = h));
        const run = this.runOf(code);
        run.served = served;
        run.v = meta.v + 1;
        run.intentsAfter = handled;
        run.inherited = inherited;
        this.engine.tables.set(code, served);
        this.engine.touch(served);
        this.counts.takenOver++;
        return;
      }
      const folded = foldStream(entries, (id) => this.redisOptions.games.find((g) => g.id === id));
      if (!folded.ok) {
        this.redisOptions.log(`table ${code} not taken over: ${folded.problem}`);
        return;
      }
      const { header, options, events, draws, seq } = folded.folded;
      if (folded.folded.finished || folded.folded.closed) return;
      const source =
        game.chance && header.seed !== null ? game.chance.seeded(header.seed, options) : undefined;
      if (source) {
        const again = drawAgain(source, draws);
        if (!again.ok) this.redisOptions.log(`table ${code}: ${again.problem}`);
      }
      const run = this.runOf(code);
      run.intentsAfter = handled;
      run.inherited = inherited;
      run.history.push(...entries);
      run.landed = entries.length;
      const kept = this.kept.get(code);
      this.kept.delete(code);
      run.file = kept?.file ?? this.redisOptions.openFile(header);
      for (const entry of entries) if (entry.seq > (kept?.filed ?? 0)) toFile(run.file, entry);
      run.filed = Math.max(entries.length, kept?.filed ?? 0);
      run.v = meta.v + 1;
      run.quiet = true;
      const stream = new StreamRecorder((made) => this.made(run, made), seq);
      run.stream = stream;
      const seats = header.players.map(seatFromPlayer);
      const session: Session = {
        id: 0,
        seed: header.seed,
        initial: game.rules.setup(options as never),
        seats,
        chance: source,
        recorder: quietly(stream, () => run.quiet),
        botSeed: header.seed ?? 0,
        // A rated game taken over is counted at its end by the process that runs it then.
        header,
      };
      const served = this.engine.reopen(
        game,
        session,
        {
          code,
          game: game.id,
          file: '',
          options,
          creator: meta.creator,
          holders: [...meta.holders],
          covered: [...meta.covered],
        },
        false,
      );
      run.served = served;
      this.presentOrAway(run, meta);
      const table = served.table as Table<unknown, GameEvent>;
      for (const told of events) table.follow(told.event, told.by, told.reason);
      run.quiet = false;
      this.counts.takenOver++;
      this.redisOptions.log(
        `table ${code} taken over at entry ${seq} (${draws.length} throws drawn again)`,
      );
      this.engine.touch(served);
      served.tellAll(TAKEN_OVER);
    } finally {
      // Not taken (nothing to take, or not a table this madang can run): the lease goes back.
      if (!this.runs.has(code)) await release();
      this.taking.delete(code);
    }
  }

  /**
   * Who is away at a table taken over: those who were (since when they were), and then, once
   * the other processes have said again who is here, those no process speaks for (the players
   * of the process that stopped), said to everyone. Reopened as after a restart, every player
   * was away without a word, and those still there were said to be back.
   */
  private presentOrAway(run: Run, meta: Meta): void {
    const served = run.served;
    const away = new Map(meta.away);
    for (const seat of [...served.awaySince.keys()]) {
      const since = away.get(seat);
      if (since === undefined) served.awaySince.delete(seat);
      else served.awaySince.set(seat, since);
    }
    run.unheard = new Set(
      served.holders.flatMap((holder, seat) =>
        holder.kind === 'person' && !served.awaySince.has(seat) ? [holder.person.id] : [],
      ),
    );
    setTimeout(
      () => {
        run.unheard = undefined;
        if (this.runs.get(run.code) !== run || this.stopped) return;
        const here = new Set([...run.presence.values()].flatMap((people) => [...people.keys()]));
        served.holders.forEach((holder, seat) => {
          if (holder.kind !== 'person' || served.awaySince.has(seat)) return;
          if (!here.has(holder.person.id)) served.departed(holder.person);
        });
        if (this.engine.tables.has(run.code)) this.writeMeta(run);
      },
      Math.max(2000, this.leaseMs / 2),
    ).unref();
  }

  private lost(): void {
    if (this.down || this.stopped) return;
    this.down = true;
    for (const run of this.runs.values()) run.served.table?.hold(this, true);
    for (const table of this.tables.values()) (table as ReplicaTable).hear?.(PAUSED);
    this.touch();
  }

  /** Redis answers again: what is missing written (all of it after a restart), play goes on. */
  private async back(): Promise<void> {
    if (!this.down || this.stopped) return;
    try {
      for (const run of [...this.runs.values()]) {
        const lease = await this.cmd.set(
          this.keys.lease(run.code),
          this.proc,
          'PX',
          this.leaseMs,
          'NX',
        );
        if (lease !== 'OK' && (await this.cmd.get(this.keys.lease(run.code))) !== this.proc) {
          this.letGo(run, 'its lease went to another process');
          continue;
        }
        const length = Number(await this.cmd.xlen(this.keys.events(run.code)));
        if (length < run.landed) {
          // A restart lost the stream: written again whole, the same ids.
          await this.cmd.del(this.keys.events(run.code));
          run.landed = 0;
        }
        run.lastMeta = '';
      }
    } catch {
      // Not answering yet after all: again in a moment.
      setTimeout(() => void this.back(), 500).unref();
      return;
    }
    this.down = false;
    this.lastTick = 0;
    this.graceUntil = Date.now() + Math.min(2 * this.leaseMs, 5000);
    for (const run of this.runs.values()) {
      void this.write(run).catch(() => undefined);
      this.writeMeta(run);
      run.served.table?.hold(this, false);
    }
    for (const table of this.tables.values()) (table as ReplicaTable).hear?.(RESUMED);
    this.touch();
    await this.loadLobby().catch(() => undefined);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A table as this process sees it: the lobby's state from Redis, the game from its stream (a
 * follower Table), and every change asked of the process that runs it.
 */
export class ReplicaTable extends ServedTable {
  meta: Meta | undefined;
  /** The last entry of the stream followed. */
  seq = 0;
  done = false;
  private back = 0;
  private readonly here = new Map<string, { person: Person; count: number }>();
  private readonly watching = new Map<number | string, Person>();
  private replicaStatus: 'waiting' | 'running' | 'over' = 'waiting';

  constructor(
    private readonly redis: RedisHall,
    code: string,
    game: AnyGameModule,
    start: Start,
    creator: Person,
    createdAt: number,
  ) {
    super(redis, code, game, start, creator, createdAt);
  }

  override get status(): 'waiting' | 'running' | 'over' {
    return this.replicaStatus;
  }

  /** The lobby's state of the table, as its runner wrote it. */
  take(meta: Meta): void {
    this.meta = meta;
    this.replicaStatus = meta.status;
    this.holders.splice(0, this.holders.length, ...meta.holders);
    this.watchers.clear();
    meta.watchers.forEach((p, i) => this.watchers.set(i, p));
    this.awaySince.clear();
    for (const [seat, since] of meta.away) this.awaySince.set(seat, since);
    this.covered.clear();
    for (const seat of meta.covered) this.covered.add(seat);
    this.startedAt = meta.startedAt;
    this.endedAt = meta.endedAt;
  }

  /** One entry of the table's stream, in order. */
  entry(entry: Entry): void {
    if (entry.seq !== this.seq + 1) return;
    this.seq = entry.seq;
    if (entry.seq === 1) return this.opened(entry);
    const table = this.table;
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
        table.followBack(this.back, entry.mover);
        this.back = 0;
      }
      return;
    }
    if (value.type.startsWith('session/')) {
      if (value.type === 'session/ended') this.done = true;
      return;
    }
    const by = entry.chance ? 'chance' : entry.reason !== undefined ? 'computer' : 'person';
    const problem = table.follow(value, by, entry.reason);
    if (problem)
      this.redis.redisOptions.log(`table ${this.code}: entry ${entry.seq} refused: ${problem}`);
  }

  private opened(entry: Entry): void {
    const header = JSON.parse(entry.line ?? '{}') as Header;
    const parsed = this.game.parseOptions(header.options);
    if (!parsed.ok) return;
    const seats = header.players.map(seatFromPlayer);
    const initial = this.game.rules.setup(parsed.options as never);
    const session: Session = {
      id: 0,
      seed: header.seed,
      initial,
      seats,
      chance: undefined,
      recorder: NO_RECORDING,
      botSeed: header.seed ?? 0,
    };
    this.session = session;
    this.table = new Table<unknown, GameEvent>({
      game: this.game,
      initial,
      seats,
      chance: undefined,
      recorder: NO_RECORDING,
      botSeed: session.botSeed,
      scheduler: this.redis.options.scheduler,
      botDelay: this.redis.options.botDelay,
      takeBack: this.game.takeBack,
      think: this.redis.redisOptions.think,
    });
    this.listenTo(this.table);
    this.redis.touch(this);
  }

  /** Told to the views here (the runner's words, or this process's own about Redis). */
  hear(line: string): void {
    super.tellAll(line);
  }

  /** Every connection here at this table says so again (to a new runner, or after a gap). */
  announce(): void {
    for (const { person, count } of this.here.values())
      this.redis.send(this.code, { kind: 'present', person, count });
    for (const [connection, person] of this.watching)
      this.redis.send(this.code, {
        kind: 'watch',
        key: `${this.redis.proc}:${connection}`,
        person,
      });
  }

  override sit(person: Person): number | string {
    const had = this.seatOf(person);
    if (had !== undefined) return had;
    this.redis.send(this.code, { kind: 'sit', person });
    return 'Asked for a seat.';
  }

  override startEarly(person: Person): string | undefined {
    if (person.id !== this.creator.id)
      return 'Only the one who made this table may start it early.';
    this.redis.send(this.code, { kind: 'start', person });
    return undefined;
  }

  override stand(person: Person): void {
    this.redis.send(this.code, { kind: 'stand', person });
  }

  override watch(connection: number | string, person: Person): void {
    this.watching.set(connection, person);
    this.redis.send(this.code, { kind: 'watch', key: `${this.redis.proc}:${connection}`, person });
  }

  override unwatch(connection: number | string): void {
    if (!this.watching.delete(connection)) return;
    this.redis.send(this.code, { kind: 'unwatch', key: `${this.redis.proc}:${connection}` });
  }

  override askedOf(person: Person): boolean {
    const seat = this.seatOf(person);
    return seat !== undefined && this.meta?.asked?.waiting.includes(seat) === true;
  }

  override answer(person: Person, agree: boolean): void {
    this.redis.send(this.code, { kind: 'answer', person, agree });
  }

  override chat(person: Person, text: string): string | undefined {
    this.redis.send(this.code, { kind: 'chat', person, text });
    return undefined;
  }

  override tellAll(line: string): void {
    this.redis.send(this.code, { kind: 'tell', line });
  }

  override arrived(person: Person): void {
    const had = this.here.get(person.id);
    this.here.set(person.id, { person, count: (had?.count ?? 0) + 1 });
    this.redis.send(this.code, { kind: 'arrived', person });
  }

  override departed(person: Person): void {
    const had = this.here.get(person.id);
    if (had && had.count > 1) this.here.set(person.id, { person, count: had.count - 1 });
    else this.here.delete(person.id);
    this.redis.send(this.code, { kind: 'departed', person });
  }

  override giveAway(person: Person): string | undefined {
    if (this.seatOf(person) === undefined) return 'Only the players decide that.';
    this.redis.send(this.code, { kind: 'giveAway', person });
    return undefined;
  }

  override end(person: Person): string | undefined {
    if (this.seatOf(person) === undefined) return 'Only the players decide that.';
    this.redis.send(this.code, { kind: 'end', person });
    return undefined;
  }

  /** A view drawing the follower; its intents go to the runner, and show once in the stream. */
  override viewFor(person: Person | undefined): TableView<unknown, GameEvent> {
    const table = this.table as Table<unknown, GameEvent>;
    const seat = person ? this.seatOf(person) : undefined;
    const seats = seat === undefined ? [] : [seat];
    return {
      seats,
      subscribe: (listener) => table.subscribe(listener),
      send: (intent): Answer<GameEvent> => {
        if (intent.type === 'leave') return { ok: true };
        if (this.redis.paused) return { ok: false, problem: PAUSED };
        const held = this.redis.heldAt(this.code);
        if (held) return { ok: false, problem: held };
        if (intent.type === 'hint') return table.view(seats).send(intent);
        const problem = table.refused(seats, intent);
        if (problem !== undefined) return { ok: false, problem };
        this.redis.send(this.code, {
          kind: 'game',
          person: person as Person,
          intent,
          at: this.seq,
        });
        return { ok: true, pending: true };
      },
    };
  }
}
