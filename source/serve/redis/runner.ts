/**
 * madang serve --redis, the runner: the tables this process runs. Each runs in a ServedTable
 * hosted here (its engine, deciding as a table of the memory hall does) while this process
 * holds its lease; its entries go to the table's stream in order (fenced by the lease), its
 * lobby state to the hash, its recording file from what landed; the intents of every process
 * come to it through the table's intents stream.
 */
import { type Header, NO_RECORDING, type Recorder } from '../../engine/recording.js';
import type { AnyGameModule, Start } from '../../games/module.js';
import { SessionFactory } from '../../table/session.js';
import type { Session } from '../../table/session.js';
import { type HallOptions, reopened, type SavedTable } from '../hall.js';
import { type Person, ServedTable, type TableHost } from '../served-table.js';
import type { Hub, RedisStoreOptions } from './hub.js';
import {
  FENCED_META,
  FENCED_XADD,
  type Meta,
  quietly,
  RELEASE,
  toFile,
  WRITTEN,
  FULL,
  REFUSED,
} from './protocol.js';
import { type Entry, fromFields, StreamRecorder, streamId, toFields } from './stream.js';

/** A table this process runs. */
export interface Run {
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
  /**
   * The engine's state after each event entry not yet followed here, by seq: the follower in
   * this process takes it rather than folding the event a second time in the same process.
   */
  readonly folded: Map<number, { line: string; state: unknown }>;
}

export class Runner implements TableHost {
  /** The tables this process runs: their engines, which decide (the lobby here shows replicas). */
  readonly tables = new Map<string, ServedTable>();
  readonly options: RedisStoreOptions & Pick<HallOptions, 'startSession'>;
  readonly runs = new Map<string, Run>();
  /**
   * The recording files of tables run here before and let go (their lease went elsewhere): the
   * table taken back goes on in the same file, where each move opened another (5 for one game).
   */
  readonly kept = new Map<string, { file: Recorder; filed: number }>();
  private readonly sessions: SessionFactory;
  private header: Header | undefined;
  /** When each process last asked something of a table run here. */
  readonly heardFrom = new Map<string, number>();

  constructor(
    private readonly hub: Hub,
    options: RedisStoreOptions,
  ) {
    this.sessions = new SessionFactory({
      seed: options.seed,
      app: options.app,
      openRecorder: (header) => {
        this.header = header;
        return options.openFile(header);
      },
      appendRecorder: () => NO_RECORDING,
      freshSeed: options.freshSeed,
      now: () => new Date(options.now()),
    });
    this.options = {
      ...options,
      startSession: (game, start, code) => this.startSession(game, start, code),
    };
  }

  /** A table made here: run here, and listed as every process lists it. */
  create(game: AnyGameModule, start: Start, creator: Person): ServedTable {
    const { hub, options } = this;
    let code = options.code();
    while (hub.tables.has(code) || this.tables.has(code)) code = options.code();
    // The lease first: no other process may see the table before it is run here.
    void hub.cmd
      .set(hub.keys.lease(code), hub.proc, 'PX', hub.leaseMs, 'NX')
      .catch(() => undefined);
    const made = new ServedTable(this, code, game, start, creator, options.now());
    this.tables.set(code, made);
    made.sit(creator);
    this.touch(made);
    return hub.tables.get(code) ?? made;
  }

  /** A waiting table taken over from a process that stopped: its seats as they were. */
  seated(meta: Meta, game: AnyGameModule): ServedTable {
    const start = { options: meta.options, seats: meta.seats, rated: meta.rated };
    const served = new ServedTable(this, meta.code, game, start, meta.creator, meta.createdAt);
    meta.holders.forEach((h, seat) => (served.holders[seat] = h));
    this.tables.set(meta.code, served);
    return served;
  }

  /** A running table taken over, made again from its stream (its moves not told again). */
  reopen(game: AnyGameModule, session: Session, saved: SavedTable): ServedTable {
    return reopened(this, this.tables, game, session, saved, false);
  }

  /** Something changed at a table run here (undefined: at every one). */
  touch(table?: ServedTable): void {
    if (table) this.engineChanged(table);
    else for (const t of [...this.tables.values()]) this.engineChanged(t);
  }

  /** Every seat left a waiting table: gone (its host is told next, by touch). */
  remove(table: ServedTable): void {
    this.tables.delete(table.code);
  }

  /** A finished table no longer run here (swept from the lobby). */
  drop(code: string): void {
    const run = this.runs.get(code);
    if (run) {
      this.runs.delete(code);
      this.tables.delete(code);
      void this.release(code);
    }
    this.kept.get(code)?.file.close();
    this.kept.delete(code);
  }

  /** The lease of a table given back (another process takes it at once). */
  release(code: string): Promise<unknown> {
    const { hub } = this;
    return hub.cmd.eval(RELEASE, 1, hub.keys.lease(code), hub.proc).catch(() => undefined);
  }

  /** Every table run here written, stopped and let go (the process stops). */
  async stop(): Promise<void> {
    for (const run of this.runs.values()) {
      run.stream?.flush();
      await this.write(run).catch(() => undefined);
      run.served.table?.stop();
      run.file.close();
      await this.release(run.code);
    }
    for (const { file } of this.kept.values()) file.close();
    this.kept.clear();
  }

  private startSession(game: AnyGameModule, start: Start, code: string): Session | string {
    this.header = undefined;
    const session = this.sessions.start(game, start);
    const header = this.header as Header | undefined;
    if (typeof session === 'string' || !header) return session;
    const run = this.runOf(code);
    run.file = session.recorder;
    const stream = new StreamRecorder((entries) => this.made(run, entries), 0, header);
    run.stream = stream;
    const recorder = quietly(stream, () => run.quiet);
    return {
      ...session,
      recorder: {
        ...recorder,
        event: (event, chance) => {
          recorder.event(event, chance);
          // The engine has set its state before recording the event (Table.apply).
          const engine = this.tables.get(code)?.table;
          if (engine) this.noteFolded(run, engine.state);
        },
      },
    };
  }

  runOf(code: string): Run {
    let run = this.runs.get(code);
    if (!run) {
      run = {
        code,
        served: this.tables.get(code) as ServedTable,
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
        folded: new Map(),
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
    if (!this.tables.has(served.code)) {
      // Every seat left a waiting table: gone.
      this.runs.delete(served.code);
      this.hub.forget(served.code);
      void this.hub.cmd.hdel(this.hub.keys.tables, served.code).catch(() => undefined);
      void this.hub.cmd
        .eval(RELEASE, 1, this.hub.keys.lease(served.code), this.hub.proc)
        .catch(() => undefined);
      void this.hub.publish({ t: 'gone', code: served.code });
      this.hub.touch();
      return;
    }
    if (!this.watched.has(served)) {
      this.watched.add(served);
      served.lines((line) => {
        this.hub.replicas.get(served.code)?.hear(line);
        void this.hub.publish({ t: 'line', code: served.code, line });
      });
    }
    const table = served.table;
    if (table && !this.watched.has(table)) {
      this.watched.add(table);
      table.subscribe((fact) => {
        if (fact.kind === 'takenBack') {
          run.stream?.takenBackBy(fact.mover);
          this.noteFolded(run, fact.state);
        }
        if (fact.kind === 'closed' && fact.outcome.status === 'running')
          run.stream?.closed(fact.leaving);
      });
      if (this.hub.down) table.hold(this, true);
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
      rated: s.start.rated,
      startedAt: s.startedAt,
      endedAt: s.endedAt,
      status: s.status,
      holders: [...s.holders],
      watchers: [...s.watchers.values()],
      away: [...s.awaySince],
      covered: [...s.covered],
      asked: s.takeBackAsked,
      owner: this.hub.proc,
      v: run.v,
    };
  }

  writeMeta(run: Run): void {
    // Not while a new runner loads the table: its state is written once loaded (presentOrAway),
    // else the connections' word that they are here came first and a present player was 'back'.
    if (run.quiet) return;
    // Compared without its version, which only a change moves on.
    const json = JSON.stringify({ ...this.metaOf(run), v: 0 });
    if (json === run.lastMeta) return;
    run.lastMeta = json;
    run.v++;
    const meta = this.metaOf(run);
    this.hub.applyMeta(meta);
    if (this.hub.down) return;
    void this.hub.cmd
      .eval(
        FENCED_META,
        2,
        this.hub.keys.lease(run.code),
        this.hub.keys.tables,
        this.hub.proc,
        this.hub.leaseMs,
        run.code,
        JSON.stringify(meta),
        this.hub.keys.channel,
        JSON.stringify({ t: 'meta', code: run.code, meta, from: this.hub.proc }),
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
  made(run: Run, entries: Entry[]): void {
    run.history.push(...entries);
    this.flush(run);
  }

  /** The entries not yet in Redis written; a write Redis refuses holds the table. */
  flush(run: Run): void {
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
    this.hub.redisOptions.log(
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
    this.hub.redisOptions.log(`table ${run.code}: Redis takes the writes again`);
    run.served.table?.hold(run, false);
    run.served.tellAll(WRITTEN);
  }

  /** The engine's state after the last entry made, for the follower here to take. */
  private noteFolded(run: Run, state: unknown): void {
    const line = run.stream?.lastLine;
    if (!run.quiet && run.stream && line !== undefined)
      run.folded.set(run.stream.last, { line, state });
  }

  /** The state the engine folded for entry `seq` of a table run here, taken once. */
  foldedAt(code: string, seq: number, line: string): unknown {
    const folded = this.runs.get(code)?.folded;
    if (!folded) return undefined;
    const made = folded.get(seq);
    // Entries before it will never be followed now (the follower goes in order).
    for (const at of folded.keys()) if (at <= seq) folded.delete(at);
    return made?.line === line ? made.state : undefined;
  }

  /** Why intents for this table are refused here now (a write Redis refused), if they are. */
  heldAt(code: string): string | undefined {
    return this.runs.get(code)?.held;
  }

  /**
   * Write the entries not yet in Redis, in order. An id Redis already has is this process's own
   * line landed before its answer was lost, or another runner's: then this process lets go.
   */
  async write(run: Run): Promise<void> {
    if (run.writing || this.hub.down) return;
    run.writing = true;
    const key = this.hub.keys.events(run.code);
    try {
      while (run.landed < run.history.length && !this.hub.down && this.runs.get(run.code) === run) {
        const batch = run.history.slice(run.landed, run.landed + 200);
        const pipe = this.hub.cmd.pipeline();
        for (const entry of batch)
          pipe.eval(
            FENCED_XADD,
            2,
            this.hub.keys.lease(run.code),
            key,
            this.hub.proc,
            this.hub.leaseMs,
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
            const there = (
              await this.hub.cmd.xrange(key, streamId(entry.seq), streamId(entry.seq))
            )[0];
            const same = there && fromFields(there[0], there[1]).line === entry.line;
            if (!same) return this.letGo(run, 'another process runs it now');
          } else if (error) throw error;
          run.landed++;
          // Written again after a restart of Redis: in the file once.
          if (entry.seq > run.filed) {
            toFile(run.file, entry);
            run.filed = entry.seq;
          }
          this.hub.counts.written++;
        }
      }
    } finally {
      run.writing = false;
    }
  }

  letGo(run: Run, why: string): void {
    if (this.runs.get(run.code) !== run) return;
    this.hub.redisOptions.log(`table ${run.code}: no longer run here (${why})`);
    this.runs.delete(run.code);
    run.served.table?.stop();
    this.kept.set(run.code, { file: run.file, filed: run.filed });
    this.tables.delete(run.code);
  }
}
