/**
 * What the roles of madang serve --redis share (store.ts is the one that has it): the connections,
 * the keys and this process's name, whether Redis answers, the lobby's tables as this process
 * sees them, and how to reach the process that runs a table. Typed here, so that the roles and
 * the store that holds them do not import each other in a circle.
 */
import type { Redis } from 'ioredis';
import type { Think } from '../../engine/bots.js';
import type { Header, Recorder } from '../../engine/recording.js';
import type { AnyGameModule } from '../../games/module.js';
import type { HallOptions } from '../hall.js';
import type { ServedTable, TableHost } from '../served-table.js';
import type { keysOf, Message, Meta } from './protocol.js';

export interface RedisStoreOptions extends Omit<HallOptions, 'startSession' | 'store'> {
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

export interface Hub extends TableHost {
  /** This process, as leases and watchers name it. */
  readonly proc: string;
  readonly keys: ReturnType<typeof keysOf>;
  readonly cmd: Redis;
  readonly intentReader: Redis;
  readonly leaseMs: number;
  readonly redisOptions: RedisStoreOptions;
  readonly options: RedisStoreOptions;
  /** Every table of the lobby, as this process sees it (the hall's). */
  readonly tables: Map<string, ServedTable>;
  /** What the roles ask of each table's replica here (replica.ts). */
  readonly replicas: Map<string, { announce(): void; hear(line: string): void }>;
  /** A table gone from the lobby here. */
  forget(code: string): void;
  readonly counts: { written: number; followed: number; takenOver: number };
  /** Redis cannot be reached: every table here is paused. */
  down: boolean;
  stopped: boolean;
  readonly paused: boolean;
  applyMeta(meta: Meta): void;
  publish(message: object): Promise<unknown>;
  loadLobby(): Promise<void>;
  /** To the table's runner (here at once, else through Redis). */
  send(code: string, message: Message): void;
  /** Why intents for this table are refused here now (a write Redis refused), if they are. */
  heldAt(code: string): string | undefined;
  /**
   * The state after an entry of a table run here, as its engine folded it (the follower here
   * takes it instead of folding the event again); undefined for another's, or a line that differs.
   */
  foldedAt(code: string, seq: number, line: string): unknown;
}
