/**
 * Several madang serve "processes" in one test process, sharing one real redis-server: each a
 * hall on a RedisStore with its own connections, recordings folder and process id, as `madang serve
 * --redis` makes it. A hall closed without a word (`kill`) is what a SIGKILL leaves to Redis.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import type { Hall } from '../../source/serve/hall.js';
import type { Person, ServedTable } from '../../source/serve/served-table.js';
import { keysOf, RedisStore } from '../../source/serve/redis/store.js';
import { type Entry, foldStream, fromFields } from '../../source/serve/redis/stream.js';
import { openRecorder } from '../../source/storage/recorder.js';
import { TIMERS } from '../../source/table/table.js';

export const yut = GAMES.find((g) => g.id === 'yut') as AnyGameModule;
export const lookup = (id: string) => GAMES.find((g) => g.id === id);

let codes = 0;

export interface Process {
  /** The process's one hall, its lobby. */
  readonly hall: Hall;
  /** Its store: the runner, the replicas, the connections to Redis. */
  readonly redis: RedisStore;
  readonly recordings: string;
  readonly logged: string[];
}

export async function startProcess(
  url: string,
  options: {
    leaseMs?: number;
    botDelay?: number;
    seed?: number;
    /** Told when a table this process runs finishes (the server counts its rating). */
    finished?: (table: ServedTable) => void;
  } = {},
): Promise<Process> {
  const recordings = mkdtempSync(join(tmpdir(), 'madang-redis-rec-'));
  const logged: string[] = [];
  const redis = new RedisStore({
    url,
    games: GAMES,
    app: 'redis test',
    seed: options.seed,
    freshSeed: () => 1000 + codes,
    openFile: (header) => openRecorder({ mode: 'auto', directory: recordings }, header),
    log: (line) => logged.push(line),
    scheduler: TIMERS,
    botDelay: options.botDelay ?? 0,
    seatHold: 300_000,
    now: () => Date.now(),
    code: () => `t${process.pid % 1000}${++codes}`,
    leaseMs: options.leaseMs ?? 1000,
    ...(options.finished ? { finished: options.finished } : {}),
  });
  const problem = await redis.connect();
  if (problem) throw new Error(problem);
  return { hall: redis.hall, redis, recordings, logged };
}

export const recordingsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(dir, f));

/** Wait until `ready` holds; a wait that runs out fails, saying what it waited for. */
export async function until(ready: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const person = (name: string): Person => ({ id: `SHA256:${name}`, name });

/** A two-player Yut table made on `maker` by `first`; the second seat open. */
export function yutTable(maker: Hall, first: Person): ServedTable {
  return maker.create(
    yut,
    {
      options: { players: 2, pieces: 4 },
      seats: [seatOf('Player 1', 'human'), seatOf('Player 2', 'human')],
    },
    first,
  );
}

/** A table as this process sees it (its seating; its lobby state is the store's `replicas`). */
export const replica = (hall: Hall, code: string) => hall.tables.get(code);

/** The events in force at a table as this process's follower has them. */
export const eventsAt = (hall: Hall, code: string) => replica(hall, code)?.table?.events ?? [];

/** A table's stream, read straight from Redis. */
export async function streamOf(url: string, code: string): Promise<Entry[]> {
  const redis = new Redis(url, { protocol: 2 });
  try {
    const raw = await redis.xrange(keysOf().events(code), '-', '+');
    return raw.map(([id, fields]) => fromFields(id, fields));
  } finally {
    redis.disconnect();
  }
}

/** The stream folded by the rules: it must hold. */
export function folded(entries: readonly Entry[]) {
  const result = foldStream(entries, lookup);
  if (!result.ok) throw new Error(result.problem);
  return result.folded;
}

/**
 * Ann at a Yut table made on `a`, Bo sitting from `b`, the game begun on both; what each
 * process's table says, and `step`: the player to act throws or makes the first legal move.
 */
export async function begin(a: Process, b: Process) {
  const ann = person('Ann');
  const bo = person('Bo');
  const { code } = yutTable(a.hall, ann);
  await until(() => !!replica(b.hall, code), 'the table on b');
  replica(b.hall, code)!.sit(bo);
  await until(() => !!replica(a.hall, code)?.table && !!replica(b.hall, code)?.table, 'the game');
  const heard = { a: [] as string[], b: [] as string[] };
  replica(a.hall, code)!.lines((line) => heard.a.push(line));
  replica(b.hall, code)!.lines((line) => heard.b.push(line));
  const views = [replica(a.hall, code)!.viewFor(ann), replica(b.hall, code)!.viewFor(bo)];
  const step = () => {
    const mirror = replica(a.hall, code)!.table!;
    const seat = mirror.toAct;
    const due = yut.rules.chance(mirror.state) !== undefined;
    return views[seat]!.send(
      due
        ? { type: 'chance', seat }
        : { type: 'move', seat, event: yut.rules.legalEvents(mirror.state)[0]! },
    );
  };
  return { code, heard, step };
}
