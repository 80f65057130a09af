/**
 * madang serve --redis, leases and failover: every table is run by the one process that holds
 * its lease. Each tick renews this process's leases and its word that it is alive, marks the
 * players of a process that stopped away, and takes over tables whose runner is gone (from their
 * stream and lobby state). While Redis cannot be reached every table here pauses; when it is
 * back the runners write what is missing and play goes on.
 */
import type { GameEvent } from '../../engine/game.js';
import { sessionFromHeader } from '../../table/session.js';
import type { Table } from '../../table/table.js';
import type { Hub } from './hub.js';
import {
  type Meta,
  quietly,
  RELEASE,
  RENEW,
  RESUMED,
  PAUSED,
  STEAL,
  TAKEN_OVER,
  toFile,
} from './protocol.js';
import type { Run, Runner } from './runner.js';
import { drawAgain, foldStream, fromFields, StreamRecorder } from './stream.js';

export class Leases {
  /** The tables being taken over here now. */
  readonly taking = new Set<string>();
  private graceUntil = 0;
  private ticks = 0;
  private ticking = false;
  private renewing = false;

  constructor(
    private readonly hub: Hub,
    private readonly runner: Runner,
  ) {}

  /**
   * Every second at most: the leases renewed (one round trip of their own, so that nothing else
   * the tick waits for delays them), and then, one tick at a time, Redis asked whether it
   * answers, dead processes' players marked away, orphaned tables taken over.
   */
  async tick(): Promise<void> {
    // The timer far behind its time: this process is starved or blocked (its leases may lapse).
    // Measured here, not by the renewals, which a Redis that does not answer delays as well.
    const now = Date.now();
    const late = this.lastTick === 0 ? 0 : now - this.lastTick - this.every;
    this.lastTick = now;
    if (late > this.hub.leaseMs / 2)
      this.hub.redisOptions.log(
        `this process fell ${(late / 1000).toFixed(1)} s behind (the machine is busy): tables it runs may move to another`,
      );
    if (this.hub.down || this.hub.stopped) return;
    void this.renew();
    // What Redis refused or did not answer for, written again (nothing else would).
    for (const run of this.runner.runs.values()) {
      if (run.landed < run.history.length && !run.writing) this.runner.flush(run);
      if (run.metaRefused) this.runner.writeMeta(run);
    }
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.ticked();
    } finally {
      this.ticking = false;
    }
  }

  /** Redis answered late since `asked` (a stall for every process alike): a grace begins. */
  private stalledSince(asked: number): boolean {
    if (Date.now() - asked <= this.hub.leaseMs / 2) return false;
    this.graceUntil = Math.max(this.graceUntil, Date.now() + Math.min(2 * this.hub.leaseMs, 5000));
    return true;
  }

  private lastTick = 0;
  get every(): number {
    return Math.max(200, Math.min(1000, Math.floor(this.hub.leaseMs / 4)));
  }

  /** This process said alive and its leases renewed, those being taken over too. */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    const asked = Date.now();
    try {
      // One round trip for all: with a hundred tables, one at a time took longer than a lease
      // lasts on a busy machine, and the tables went from process to process.
      const runs = [...this.runner.runs.values()];
      const renew = this.hub.cmd.pipeline();
      // Missing (it ran out while this process was cut off or stalled, or Redis restarted): the
      // runners may have counted this process's players away; they are told again who is here.
      renew.set(this.hub.keys.alive(this.hub.proc), '1', 'PX', this.hub.leaseMs, 'NX');
      renew.pexpire(this.hub.keys.alive(this.hub.proc), this.hub.leaseMs);
      for (const run of runs)
        renew.eval(RENEW, 1, this.hub.keys.lease(run.code), this.hub.proc, this.hub.leaseMs);
      for (const code of this.taking)
        renew.eval(RENEW, 1, this.hub.keys.lease(code), this.hub.proc, this.hub.leaseMs);
      const renewed = (await renew.exec()) ?? [];
      if (this.hub.down) return;
      const took = Date.now() - asked;
      if (took > this.hub.leaseMs / 2 && renewed.some(([error]) => !error))
        this.hub.redisOptions.log(
          `Redis took ${(took / 1000).toFixed(1)} s to answer (Redis was slow, not this process): tables run here may move to another`,
        );
      if (renewed[0]?.[1] === 'OK') for (const t of this.hub.replicas.values()) t.announce();
      // Only Redis's own answer that the lease is not this process's: a renewal that got no
      // answer (Redis stalled, a command timed out) says nothing of who holds it, and the ping
      // pauses the tables meanwhile (a stall of 6 s let go of every table here).
      const lapsed = runs.filter((_, i) => !renewed[i + 2]?.[0] && renewed[i + 2]?.[1] === 0);
      if (lapsed.length > 0) {
        // Lost while Redis was away, or never had: taken again if no one else holds it.
        const again = this.hub.cmd.pipeline();
        for (const run of lapsed)
          again.set(this.hub.keys.lease(run.code), this.hub.proc, 'PX', this.hub.leaseMs, 'NX');
        const taken = (await again.exec()) ?? [];
        lapsed.forEach((run, i) => {
          if (taken[i] && !taken[i][0] && taken[i][1] !== 'OK')
            this.runner.letGo(run, 'its lease went to another process');
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
      await this.hub.cmd.ping();
      // Redis stalled (the answer came late for every process alike): leases ran out in it
      // meanwhile, and their runners renew them first, before any process takes a table over.
      this.stalledSince(asked);
    } catch (error) {
      // No answer in time: paused, and the connection made again (ready: `back`).
      if (!this.hub.down)
        this.hub.redisOptions.log(
          `Redis did not answer (${(error as Error).message}): every table here paused until it does`,
        );
      this.lost();
      this.hub.cmd.disconnect(true);
      return;
    }
    try {
      // Just after Redis came back, the runners write their tables again first.
      if (Date.now() < this.graceUntil) return;
      const connected = await this.connected();
      await this.gone(connected);
      // Now and then the whole lobby, in case a message was missed (a subscriber Redis let go).
      if (++this.ticks % 4 === 0) await this.hub.loadLobby().catch(() => undefined);
      const orphans = [...this.hub.tables.values()].filter(
        (t) => t.status !== 'over' && !this.runner.runs.has(t.code) && !this.taking.has(t.code),
      );
      if (orphans.length === 0) return;
      const holders = await this.hub.cmd.mget(...orphans.map((t) => this.hub.keys.lease(t.code)));
      // A lease free, or held by a process whose connections are all gone from Redis (killed:
      // taken at once, not after the lease runs out; one only slow keeps its tables).
      const free = orphans.flatMap((t, i) => {
        const holder = holders[i] ?? null;
        return holder === null || connected?.has(holder) === false
          ? [{ code: t.code, holder }]
          : [];
      });
      if (free.length === 0) return;
      // Redis stalled after the ping answered in time (the questions since came back late): the
      // leases found free may have run out only in the stall, and their runners renew them first.
      if (this.stalledSince(asked)) return;
      const claim = this.hub.cmd.pipeline();
      for (const { code, holder } of free)
        if (holder === null)
          claim.set(this.hub.keys.lease(code), this.hub.proc, 'PX', this.hub.leaseMs, 'NX');
        else
          claim.eval(STEAL, 1, this.hub.keys.lease(code), holder, this.hub.proc, this.hub.leaseMs);
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
    const list = await this.hub.cmd.call('CLIENT', 'LIST').catch((error: Error) => {
      if (/NOPERM|unknown command|disabled/i.test(error.message)) return undefined;
      throw error;
    });
    if (list === undefined) return undefined;
    return new Set([...String(list).matchAll(/ name=madang:(\S+)/g)].map((m) => m[1] as string));
  }

  private async gone(connected: ReadonlySet<string> | undefined): Promise<void> {
    const procs = new Set<string>();
    for (const run of this.runner.runs.values())
      for (const proc of run.presence.keys()) if (proc !== this.hub.proc) procs.add(proc);
    const all = [...procs];
    if (all.length === 0) return;
    const asked = Date.now();
    const alive = await this.hub.cmd.mget(...all.map((p) => this.hub.keys.alive(p)));
    // One heard from since the question went out is alive after all (its word came back).
    const dead = all.filter(
      (p, i) =>
        (alive[i] === null || connected?.has(p) === false) &&
        (this.runner.heardFrom.get(p) ?? 0) < asked,
    );
    for (const proc of dead)
      for (const run of [...this.runner.runs.values()]) {
        const people = run.presence.get(proc);
        const watchers = [...run.served.watchers.keys()].filter((key) =>
          String(key).startsWith(`${proc}:`),
        );
        if (!people && watchers.length === 0) continue;
        run.presence.delete(proc);
        for (const key of watchers) run.served.unwatch(key);
        for (const { person, count } of people?.values() ?? [])
          for (let n = 0; n < count; n++) run.served.departed(person);
        this.hub.redisOptions.log(
          `table ${run.code}: process ${proc} stopped; its players are away`,
        );
        if (this.runner.tables.has(run.code)) this.runner.writeMeta(run);
      }
  }

  /** A table whose runner is gone, run here from its stream and its lobby state. */
  private async takeOver(code: string): Promise<void> {
    this.taking.add(code);
    const release = () =>
      this.hub.cmd
        .eval(RELEASE, 1, this.hub.keys.lease(code), this.hub.proc)
        .catch(() => undefined);
    try {
      const json = await this.hub.cmd.hget(this.hub.keys.tables, code);
      if (!json) return;
      const meta = JSON.parse(json) as Meta;
      const game = this.hub.redisOptions.games.find((g) => g.id === meta.game);
      if (!game) return;
      const raw = await this.hub.cmd.xrange(this.hub.keys.events(code), '-', '+');
      const entries = raw.map(([id, fields]) => fromFields(id, fields));
      // A running table whose stream is not there (yet, after a restart of Redis): left alone.
      if (meta.status !== 'waiting' && entries.length === 0) return;
      // Intents sent while no one ran the table are read too: a move made in the gap is applied
      // if its position still holds (the stream is as its sender saw it).
      const handled = (await this.hub.cmd.get(this.hub.keys.handled(code))) ?? '0-0';
      const inherited =
        (await this.hub.cmd.xrevrange(this.hub.keys.intents(code), '+', '-', 'COUNT', 1))[0]?.[0] ??
        '0-0';
      if (meta.status === 'waiting') {
        const served = this.runner.seated(meta, game);
        const run = this.runner.runOf(code);
        run.served = served;
        run.v = meta.v + 1;
        run.intentsAfter = handled;
        run.inherited = inherited;
        this.runner.touch(served);
        this.hub.counts.takenOver++;
        return;
      }
      const folded = foldStream(entries, (id) =>
        this.hub.redisOptions.games.find((g) => g.id === id),
      );
      if (!folded.ok) {
        this.hub.redisOptions.log(`table ${code} not taken over: ${folded.problem}`);
        return;
      }
      const { header, options, events, draws, seq } = folded.folded;
      if (folded.folded.finished || folded.folded.closed) return;
      const run = this.runner.runOf(code);
      run.intentsAfter = handled;
      run.inherited = inherited;
      run.history.push(...entries);
      run.landed = entries.length;
      const kept = this.runner.kept.get(code);
      this.runner.kept.delete(code);
      run.file = kept?.file ?? this.hub.redisOptions.openFile(header);
      for (const entry of entries) if (entry.seq > (kept?.filed ?? 0)) toFile(run.file, entry);
      run.filed = Math.max(entries.length, kept?.filed ?? 0);
      run.v = meta.v + 1;
      run.quiet = true;
      const stream = new StreamRecorder((made) => this.runner.made(run, made), seq);
      run.stream = stream;
      const session = sessionFromHeader(
        game,
        header,
        options,
        quietly(stream, () => run.quiet),
      );
      if (session.chance) {
        const again = drawAgain(session.chance, draws);
        if (!again.ok) this.hub.redisOptions.log(`table ${code}: ${again.problem}`);
      }
      const served = this.runner.reopen(game, session, {
        code,
        game: game.id,
        file: '',
        options,
        creator: meta.creator,
        holders: [...meta.holders],
        covered: [...meta.covered],
      });
      run.served = served;
      this.presentOrAway(run, meta);
      const table = served.table as Table<unknown, GameEvent>;
      for (const told of events) table.follow(told.event, told.by, told.reason);
      run.quiet = false;
      this.hub.counts.takenOver++;
      this.hub.redisOptions.log(
        `table ${code} taken over at entry ${seq} (${draws.length} throws drawn again)`,
      );
      this.runner.touch(served);
      served.tellAll(TAKEN_OVER);
    } finally {
      // Not taken (nothing to take, or not a table this madang can run): the lease goes back.
      if (!this.runner.runs.has(code)) await release();
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
        if (this.runner.runs.get(run.code) !== run || this.hub.stopped) return;
        const here = new Set([...run.presence.values()].flatMap((people) => [...people.keys()]));
        served.holders.forEach((holder, seat) => {
          if (holder.kind !== 'person' || served.awaySince.has(seat)) return;
          if (!here.has(holder.person.id)) served.departed(holder.person);
        });
        if (this.runner.tables.has(run.code)) this.runner.writeMeta(run);
      },
      Math.max(2000, this.hub.leaseMs / 2),
    ).unref();
  }

  lost(): void {
    if (this.hub.down || this.hub.stopped) return;
    this.hub.down = true;
    for (const run of this.runner.runs.values()) run.served.table?.hold(this, true);
    for (const replica of this.hub.replicas.values()) replica.hear(PAUSED);
    this.hub.touch();
  }

  /** Redis answers again: what is missing written (all of it after a restart), play goes on. */
  async back(): Promise<void> {
    if (!this.hub.down || this.hub.stopped) return;
    try {
      for (const run of [...this.runner.runs.values()]) {
        const lease = await this.hub.cmd.set(
          this.hub.keys.lease(run.code),
          this.hub.proc,
          'PX',
          this.hub.leaseMs,
          'NX',
        );
        if (
          lease !== 'OK' &&
          (await this.hub.cmd.get(this.hub.keys.lease(run.code))) !== this.hub.proc
        ) {
          this.runner.letGo(run, 'its lease went to another process');
          continue;
        }
        const length = Number(await this.hub.cmd.xlen(this.hub.keys.events(run.code)));
        if (length < run.landed) {
          // A restart lost the stream: written again whole, the same ids.
          await this.hub.cmd.del(this.hub.keys.events(run.code));
          run.landed = 0;
        }
        run.lastMeta = '';
      }
    } catch {
      // Not answering yet after all: again in a moment.
      setTimeout(() => void this.back(), 500).unref();
      return;
    }
    this.hub.down = false;
    this.lastTick = 0;
    this.graceUntil = Date.now() + Math.min(2 * this.hub.leaseMs, 5000);
    for (const run of this.runner.runs.values()) {
      void this.runner.write(run).catch(() => undefined);
      this.runner.writeMeta(run);
      run.served.table?.hold(this, false);
    }
    for (const replica of this.hub.replicas.values()) replica.hear(RESUMED);
    this.hub.touch();
    await this.hub.loadLobby().catch(() => undefined);
  }
}
