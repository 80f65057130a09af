/**
 * One holder over Redis (issue 40, 1): a Yoté table run by process a, Ann's screen on a, Bo's and
 * Cy's (watching) on b, both processes on one real redis-server. The rules' reduce and check are
 * wrapped and counted, and each reduce is put down to the table that holds what it returned: the
 * runner's engine (the one that decides), a follower (a process's copy of the table, folding the
 * stream's entries, which carry the event and not the state), or nobody (a screen folding its own).
 * One accepted placement is reduced once by the runner's engine, once by b's follower (b has only
 * the stream's event, and must fold it), and not again in a: a's follower takes the state its
 * engine folded. It is checked once, by the view that sent it. Before: a's follower folded it too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import type { Person } from '../../source/serve/served-table.js';
import { PlayerBook } from '../../source/serve/identity.js';
import { frameWhen, KEY, press } from '../support/ink.js';
import { serveScreen } from '../support/serve-screen.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import { type Process, replica, startProcess, until } from '../support/redis-world.js';

const calls = vi.hoisted(() => ({ reduce: 0, check: 0, made: [] as unknown[], refolds: 0 }));

vi.mock('../../source/games/yote/rules.js', async (importOriginal) => {
  const rules = await importOriginal<typeof import('../../source/games/yote/rules.js')>();
  const reduce: typeof rules.reduce = (state, event) => {
    calls.reduce++;
    // A follower folding its log again after a take-back.
    if (new Error().stack?.includes('followBack')) calls.refolds++;
    const after = rules.reduce(state, event);
    calls.made.push(after);
    return after;
  };
  const check: typeof rules.check = (state, event) => {
    calls.check++;
    return rules.check(state, event);
  };
  return { ...rules, reduce, check, yoteGame: { ...rules.yoteGame, reduce, check } };
});

const ANN: Person = { id: 'SHA256:ann', name: 'Ann' };
const BO: Person = { id: 'SHA256:bo', name: 'Bo' };
const CY: Person = { id: 'SHA256:cy', name: 'Cy' };
const yote = GAMES.find((g) => g.id === 'yote') as AnyGameModule;

describe.runIf(hasRedis)('one holder over Redis: who folds an accepted event', () => {
  let redis: RedisServer;
  const started: Process[] = [];
  let unmounts: (() => void)[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(started.map((p) => p.hall.stop()));
    await redis?.stop();
  });
  beforeEach(() => {
    calls.reduce = 0;
    calls.check = 0;
    calls.made = [];
    calls.refolds = 0;
  });
  afterEach(() => {
    for (const unmount of unmounts) unmount();
    unmounts = [];
  });

  /** A person's screen on process `at`, over the connection `serial` as the SSH user `user`. */
  const sees = (at: Process, person: Person, serial: number, user = 'madang') => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-redis-one-holder-'));
    const book = new PlayerBook(join(dir, 'players.json'));
    for (const p of [ANN, BO, CY]) book.add(p.id, 'ssh-ed25519 AAAA', p.name, new Date());
    const world = { hall: at.hall, book, games: GAMES, dataDir: dir, now: () => new Date() };
    const drawn = serveScreen(world, person, serial, 100, 30, user);
    unmounts.push(drawn.unmount);
    return drawn;
  };

  it('a placement is reduced once by the runner, once by the other process, by no screen', async () => {
    const a = await startProcess(redis.url, { seed: 382, botDelay: 60_000 });
    const b = await startProcess(redis.url, { seed: 382, botDelay: 60_000 });
    started.push(a, b);
    const { code } = a.hall.create(
      yote,
      {
        options: { quietTurns: 50 },
        seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
      },
      ANN,
    );
    await until(() => !!replica(b.hall, code), 'the table on b');
    replica(b.hall, code)!.sit(BO);
    await until(() => !!replica(a.hall, code)?.table && !!replica(b.hall, code)?.table, 'the game');
    expect(a.redis.running()).toEqual([code]);

    const ann = sees(a, ANN, 1);
    const bo = sees(b, BO, 2);
    const cy = sees(b, CY, 3, code);
    for (const screen of [ann, bo, cy]) await frameWhen(screen.lastFrame, 'Ann (White) to play');
    await frameWhen(cy.lastFrame, 'You are watching');
    calls.reduce = 0;
    calls.check = 0;
    calls.made = [];

    await press(ann.stdin, KEY.Enter as string);
    for (const screen of [ann, bo, cy]) await frameWhen(screen.lastFrame, 'Ann placed on C3.');
    const engine = a.redis.runner.tables.get(code)!.table!;
    expect(engine.events).toHaveLength(1);
    // Anything folded late is folded by now.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const holders = {
      engine: engine.state,
      followerOnA: replica(a.hall, code)!.table!.state,
      followerOnB: replica(b.hall, code)!.table!.state,
    };
    const byHolder = { engine: 0, followerOnA: 0, followerOnB: 0, nobody: 0 };
    for (const made of calls.made) {
      const holder = (Object.keys(holders) as (keyof typeof holders)[]).find(
        (k) => holders[k] === made,
      );
      byHolder[holder ?? 'nobody']++;
    }
    expect({ ...byHolder, check: calls.check }).toEqual({
      engine: 1,
      followerOnA: 0,
      followerOnB: 1,
      nobody: 0,
      // The view on Ann's process checks her move once before it goes to the runner, so that
      // a move the rules refuse is refused at once; the engine does not check an accepted one.
      check: 1,
    });
    // Every process follows every table: the next test counts its own two alone.
    await Promise.all(started.splice(0).map((p) => p.hall.stop()));
  }, 60_000);

  it("a take-back is folded again by the other process only: the runner's follower takes its state", async () => {
    const a = await startProcess(redis.url, { seed: 382, botDelay: 60_000 });
    const b = await startProcess(redis.url, { seed: 382, botDelay: 60_000 });
    started.push(a, b);
    const ann = { ...ANN, id: 'SHA256:ann2' };
    const bo = { ...BO, id: 'SHA256:bo2' };
    const { code } = a.hall.create(
      yote,
      {
        options: { quietTurns: 50 },
        seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
      },
      ann,
    );
    await until(() => !!replica(b.hall, code), 'the table on b');
    const atB = replica(b.hall, code)!;
    atB.sit(bo);
    await until(() => !!replica(a.hall, code)?.table && !!atB.table, 'the game');
    const atA = replica(a.hall, code)!;
    const views = [atA.viewFor(ann), atB.viewFor(bo)];
    const both = (n: number) => atA.table!.events.length === n && atB.table!.events.length === n;
    // Ann, Bo and Ann place a stone each.
    for (let n = 0; n < 3; n++) {
      const mirror = atA.table!;
      const seat = mirror.toAct;
      const event = yote.rules.legalEvents(mirror.state)[0]!;
      expect(views[seat]!.send({ type: 'move', seat, event })).toEqual({ ok: true, pending: true });
      await until(() => both(n + 1), `placement ${n + 1}`);
    }
    expect(views[0]!.send({ type: 'takeBack', seat: 0 })).toMatchObject({ ok: true });
    await until(() => atA.askedOf(bo) && atB.askedOf(bo), 'the question seen');
    calls.refolds = 0;
    atB.answer(bo, true);
    await until(() => both(2), 'the take-back');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const engine = a.redis.runner.tables.get(code)!.table!;
    expect(engine.events).toHaveLength(2);
    // b folds the two events kept again; a's follower holds the engine's state as it is.
    expect(atA.table!.state).toBe(engine.state);
    expect(calls.refolds).toBe(2);
  }, 60_000);
});
