/**
 * madang serve --redis when a process other than the runner dies, and while a table changes
 * runner: a dead process's players are marked away at the tables run elsewhere (and are back
 * when they reconnect, or when their process, only stalled, says it is alive again); a move sent
 * while no process runs the table is applied once another takes it over; a move made on a
 * position that changed before it reached the runner is refused on the sender's screen; a
 * runner that stalled past its lease writes nothing beside the process that holds it now.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysOf, STALE } from '../../source/serve/redis/store.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import {
  eventsAt,
  folded,
  person,
  type Process,
  replica,
  startProcess,
  streamOf,
  until,
  yut,
  yutTable,
} from '../support/redis-world.js';

const ANN = person('Ann');
const BO = person('Bo');
const LEASE_MS = 800;

describe.runIf(hasRedis)('madang serve --redis: the gaps around a process that stops', () => {
  let redis: RedisServer;
  const started: Process[] = [];
  const start = async () => {
    const made = await startProcess(redis.url, { seed: 382, leaseMs: LEASE_MS });
    started.push(made);
    return made;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    await Promise.all(started.map((p) => p.hall.stop()));
    await redis?.stop();
  });

  /** Ann at a table made on `a`, Bo sitting from `b`, the game begun on both. */
  async function game(a: Process, b: Process) {
    const made = yutTable(a.hall, ANN);
    const { code } = made;
    replica(a.hall, code)!.arrived(ANN);
    await until(() => !!replica(b.hall, code), 'the table on b');
    replica(b.hall, code)!.sit(BO);
    replica(b.hall, code)!.arrived(BO);
    await until(() => !!replica(a.hall, code)?.table && !!replica(b.hall, code)?.table, 'the game');
    return code;
  }

  /** The player to act throws or makes the first legal move, from the view given by seat. */
  const step = (code: string, at: Process, views: Record<number, Process>) => {
    const mirror = replica(at.hall, code)!.table!;
    const seat = mirror.toAct;
    const who = seat === 0 ? ANN : BO;
    const due = yut.rules.chance(mirror.state) !== undefined;
    return replica((views[seat] as Process).hall, code)!
      .viewFor(who)
      .send(
        due
          ? { type: 'chance', seat }
          : { type: 'move', seat, event: yut.rules.legalEvents(mirror.state)[0]! },
      );
  };

  it("a dead non-runner's players are away at the tables run elsewhere, and back when they return", async () => {
    const a = await start();
    const b = await start();
    const code = await game(a, b);
    const heard: string[] = [];
    replica(a.hall, code)!.lines((line) => heard.push(line));
    expect(a.redis.running()).toEqual([code]);

    // b is killed: its connections are gone without a word. The runner (a) marks Bo away.
    b.redis.close(false);
    started.splice(started.indexOf(b), 1);
    await until(() => replica(a.hall, code)!.awaySince.has(1), 'Bo away at the runner', 10_000);
    expect(heard.some((l) => l.startsWith('Bo is away'))).toBe(true);
    expect(replica(a.hall, code)!.awaySince.has(0)).toBe(false);

    // Bo reconnects through another process: back at his seat.
    const c = await start();
    await until(() => !!c.redis.replicas.get(code)?.meta?.away.length, 'the table on c');
    expect(c.hall.seatedAt(BO)?.code).toBe(code);
    replica(c.hall, code)!.arrived(BO);
    await until(() => !replica(a.hall, code)!.awaySince.has(1), 'Bo back', 10_000);
    expect(heard).toContain('Bo is back.');

    // c only stalls (its word that it is alive runs out): Bo is away, and back once c says
    // again it is alive, with his one connection counted once.
    const redisClient = new Redis(redis.url, { protocol: 2 });
    try {
      const stall = setInterval(
        () => void redisClient.del(keysOf().alive(c.redis.proc)).catch(() => undefined),
        5,
      );
      await until(() => replica(a.hall, code)!.awaySince.has(1), 'Bo away again', 10_000);
      clearInterval(stall);
    } finally {
      redisClient.disconnect();
    }
    await until(() => !replica(a.hall, code)!.awaySince.has(1), 'Bo back again', 10_000);
    // One connection: when it leaves, Bo is away (a count of two would keep him present).
    replica(c.hall, code)!.departed(BO);
    await until(() => replica(a.hall, code)!.awaySince.has(1), 'Bo away when he leaves', 10_000);
  }, 60_000);

  it('a move sent while no process runs the table is applied once another takes it over', async () => {
    const a = await start();
    const b = await start();
    const code = await game(a, b);
    const views = { 0: a, 1: b };
    // Play until it is Bo's turn to throw (Bo is on b, the runner is a).
    for (let n = 0; n < 60; n++) {
      const mirror = replica(b.hall, code)!.table!;
      if (mirror.toAct === 1 && yut.rules.chance(mirror.state) !== undefined && n > 0) break;
      const before = eventsAt(b.hall, code).length;
      expect(step(code, b, views)).toEqual({ ok: true, pending: true });
      await until(
        () => eventsAt(b.hall, code).length > before && eventsAt(a.hall, code).length > before,
        `event ${before + 1}`,
      );
    }
    const before = eventsAt(b.hall, code).length;
    expect(replica(b.hall, code)!.table!.toAct).toBe(1);

    // The runner is killed; Bo throws at once, before any process could take the table over.
    a.redis.close(false);
    started.splice(started.indexOf(a), 1);
    expect(b.redis.running()).toEqual([]);
    expect(step(code, b, views)).toEqual({ ok: true, pending: true });
    await until(
      () => started.some((p) => p.redis.running().includes(code)),
      'another process runs the table',
      10_000,
    );
    // His throw is applied by the new runner: in the stream, on his screen, once.
    await until(() => eventsAt(b.hall, code).length === before + 1, 'the throw made in the gap');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(eventsAt(b.hall, code).length).toBe(before + 1);
    const fold = folded(await streamOf(redis.url, code));
    expect(fold.events.map((t) => t.event)).toEqual(eventsAt(b.hall, code));
    expect(fold.events.at(-1)?.by).toBe('chance');
  }, 60_000);

  it("a killed runner's tables are taken over at once, long before its lease would run out", async () => {
    const a = await startProcess(redis.url, { seed: 382, leaseMs: 30_000 });
    const b = await startProcess(redis.url, { seed: 382, leaseMs: 30_000 });
    started.push(b);
    const code = await game(a, b);
    expect(a.redis.running()).toEqual([code]);
    // Killed: its connections leave Redis with it (a process only slow keeps them, and its
    // tables, until its lease runs out).
    const killed = Date.now();
    a.redis.close(false);
    await until(
      () => started.some((p) => p.redis.running().includes(code)),
      'another process runs the table',
      5000,
    );
    expect(Date.now() - killed).toBeLessThan(5000);
  }, 30_000);

  it('where an ACL forbids CLIENT LIST, a killed runner is taken over when its lease runs out', async () => {
    const admin = new Redis(redis.url, { protocol: 2 });
    const a = await start();
    const b = await start();
    try {
      const code = await game(a, b);
      await admin.call('ACL', 'SETUSER', 'default', '-client');
      a.redis.close(false);
      started.splice(started.indexOf(a), 1);
      await until(
        () => started.some((p) => p.redis.running().includes(code)),
        'another process runs the table',
        10_000,
      );
    } finally {
      await admin.call('ACL', 'SETUSER', 'default', '+client');
      admin.disconnect();
    }
  }, 30_000);

  it('a runner whose lease another process holds (it stalled past it) writes nothing more', async () => {
    const a = await start();
    const b = await start();
    const code = await game(a, b);
    expect(a.redis.running()).toEqual([code]);
    const length = (await streamOf(redis.url, code)).length;
    // Another process holds the lease now, and a has not noticed: Ann's throw on a is made by
    // a's engine, but Redis refuses its entry, and a lets the table go.
    const other = new Redis(redis.url, { protocol: 2 });
    try {
      await other.set(keysOf().lease(code), 'another', 'PX', 60_000);
      replica(a.hall, code)!.viewFor(ANN).send({ type: 'chance', seat: 0 });
      await until(() => a.redis.running().length === 0, 'a lets the table go');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await streamOf(redis.url, code)).length).toBe(length);
      expect(eventsAt(a.hall, code)).toEqual([]);
      expect(eventsAt(b.hall, code)).toEqual([]);
    } finally {
      other.disconnect();
    }
  }, 30_000);

  it('a seat asked for from two processes at once: one sits, the other is told why not', async () => {
    const a = await start();
    const b = await start();
    const c = await start();
    const { code } = yutTable(a.hall, ANN);
    await until(() => !!replica(b.hall, code) && !!replica(c.hall, code), 'the table on b and c');
    const heard: string[] = [];
    replica(a.hall, code)!.lines((line) => heard.push(line));
    const CY = person('Cy');
    replica(b.hall, code)!.sit(BO);
    replica(c.hall, code)!.sit(CY);
    await until(() => !!replica(a.hall, code)?.table, 'the game');
    await until(
      () => heard.some((l) => /^\((Bo|Cy)\) This table has started: you may watch it\.$/.test(l)),
      'the refusal on the screens',
    );
  }, 30_000);

  it('a table made elsewhere that this process has not heard of yet is found by its code', async () => {
    const a = await start();
    const b = await start();
    const { code } = yutTable(a.hall, ANN);
    await until(() => !!replica(b.hall, code), 'the table on b');
    // As if the lobby's message had not reached b yet (a busy machine): asked of Redis.
    b.hall.tables.delete(code);
    expect(b.hall.find(code)).toBeUndefined();
    expect((await b.hall.look(code.toUpperCase()))?.code).toBe(code);
    expect(replica(b.hall, code)?.seatNames()).toEqual(['Ann', 'Player 2']);
    expect(await b.hall.look('none')).toBeUndefined();
  }, 30_000);

  it('a move made on a position that changed before it arrived is refused on the screen', async () => {
    const a = await start();
    const b = await start();
    const code = await game(a, b);
    const heard: string[] = [];
    replica(b.hall, code)!.lines((line) => heard.push(line));
    // Ann's key pressed twice before the first throw is back: the second was made on the old
    // position (her follower still said "to throw"), and she is told so.
    const atA = replica(a.hall, code)!.viewFor(ANN);
    expect(atA.send({ type: 'chance', seat: 0 })).toEqual({ ok: true, pending: true });
    expect(atA.send({ type: 'chance', seat: 0 })).toEqual({ ok: true, pending: true });
    await until(() => heard.includes(`(Ann) ${STALE}`), 'the refusal on the screens');
    expect(eventsAt(a.hall, code).length).toBe(1);
  }, 30_000);
});
