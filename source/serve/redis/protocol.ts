/**
 * madang serve --redis, its wire: the Redis keys, what a table's lobby state and an intent look
 * like there, the Lua scripts that fence a runner's writes by its lease, and the words every
 * process says of Redis. The roles that use them: the store (store.ts), the runner
 * (runner.ts), leases and failover (leases.ts), the replicas (replica.ts).
 */
import type { GameEvent, Outcome } from '../../engine/game.js';
import { ENDED, EXPLAINED, type Recorder, TAKEN_BACK } from '../../engine/recording.js';
import type { Seat } from '../../engine/seats.js';
import type { Holder, Person, Request } from '../served-table.js';
import type { Entry } from './stream.js';

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
export const idAfter = (a: string, b: string) => {
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
export interface Meta {
  readonly code: string;
  readonly game: string;
  readonly options: unknown;
  readonly seats: readonly Seat[];
  readonly creator: Person;
  readonly createdAt: number;
  /** A rated table (chosen when it was made): so on every process's lobby and seating. */
  readonly rated?: boolean | undefined;
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
export type Message = { readonly from?: string } & Request;

/**
 * The runner's recorder: the stream's, silent while a new runner loads the stream into its
 * engine. The recording file is written from the entries that landed (toFile), so it never holds
 * a line the stream does not.
 */
export function quietly(stream: Recorder, quiet: () => boolean): Recorder {
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
export function toFile(file: Recorder, entry: Entry): void {
  if (entry.line === undefined || entry.seq === 1) return;
  const value = JSON.parse(entry.line) as GameEvent & { reason?: string; outcome?: Outcome };
  if (value.type === TAKEN_BACK) file.takenBack();
  else if (value.type === EXPLAINED) file.explained(value.reason ?? '');
  else if (value.type === ENDED && value.outcome) file.end(value.outcome);
  else if (!value.type.startsWith('session/')) file.event(value, entry.chance === true);
}

export const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
export const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
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
export const STEAL = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) else return 0 end`;
export const FENCED_XADD = `${HOLD}
return redis.call('xadd', KEYS[2], unpack(ARGV, 3))`;
export const FENCED_META = `${HOLD}
redis.call('hset', KEYS[2], ARGV[3], ARGV[4])
return redis.call('publish', ARGV[5], ARGV[6])`;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
