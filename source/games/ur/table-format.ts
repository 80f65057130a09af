/**
 * Solved Ur tables (issue 30), what is read and how, without the files: the format (a 4096-byte
 * header, a magic line, then JSON: format version, board, stones, rule, positions, SHA-256 of the
 * values; then the values as little-endian Float32, one per position in the solver's order), the
 * table read, and the store the program's edges hand the core (perfect.ts) to read tables from.
 * The files themselves are table.ts's: a core reads no file and no environment.
 */
import { createHash } from 'node:crypto';
import { historicalSpec, checkBoard } from './board.js';
import type { UrRules } from './rules.js';
import { indexOf, positionOf, type UrShape } from './solver.js';

export const TABLE_VERSION = 1;
export const MAGIC = 'madang ur table';
export const HEADER_BYTES = 4096;

export interface TableHeader {
  readonly version: number;
  readonly board: string;
  readonly stones: number;
  readonly extraRoll: boolean;
  readonly positions: number;
  readonly sha256: string;
}

/** The board's name in a table's file name: `historical`, or a digest of its paths and rosettes. */
export function boardId(rules: UrRules): string {
  const historical = checkBoard(historicalSpec(), 'the board');
  const digest = (r: UrRules) =>
    createHash('sha256')
      .update(JSON.stringify([r.board.paths, [...r.board.rosettes].sort()]))
      .digest('hex')
      .slice(0, 12);
  if (historical.ok && digest({ ...rules, board: historical.board }) === digest(rules))
    return 'historical';
  return `board-${digest(rules)}`;
}

/** ur-historical-7-stones-v1.table (…-no-extra-roll… when the rosette rule is off). */
export function tableName(rules: UrRules, stones: number): string {
  const rule = rules.extraRollOnRosette ? '' : '-no-extra-roll';
  return `ur-${boardId(rules)}-${stones}-stones${rule}-v${TABLE_VERSION}.table`;
}

export function checksum(values: Float32Array): string {
  return createHash('sha256')
    .update(new Uint8Array(values.buffer, values.byteOffset, values.byteLength))
    .digest('hex');
}

export function headerBytes(header: TableHeader): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const text = `${MAGIC}\n${JSON.stringify(header)}\n`;
  bytes.set(new TextEncoder().encode(text));
  return bytes;
}

export type LoadedTable =
  { ok: true; table: UrTable } | { ok: false; missing: boolean; problem: string };

/** A table's header and length, checked without reading its values. */
export type Inspected =
  | { ok: true; header: TableHeader; shape: UrShape }
  | { ok: false; missing: boolean; problem: string };

/**
 * Where solved tables are kept, as the program's edges hand it to the core (perfect.ts: the data
 * directory's files, table.ts). `where` names the table of these rules there (the key it is kept
 * by once read, and the name a problem gives); undefined where no place is known.
 */
export interface UrTableStore {
  where(rules: UrRules, stones: number): string | undefined;
  /** Its header and length, the values not read (the setup asks at each change). */
  inspect(where: string, rules: UrRules, stones: number): Inspected;
  /** Read and checked whole (header, length, checksum), or why it cannot be used. */
  load(where: string, rules: UrRules, stones: number): LoadedTable;
  /** load without holding the event loop: a seven-stone table is 551 MB. */
  loadAsync(where: string, rules: UrRules, stones: number): Promise<LoadedTable>;
}

/** The stones of a game state (rules.ts: OFF −1, a path index, the path length when borne off). */
export type Stones = readonly (readonly number[])[];

/**
 * A solved table, read: the exact chance to win of the player about to roll. The lookup API for
 * the perfect level, hints and analysis (issue 31).
 */
export class UrTable {
  constructor(
    readonly shape: UrShape,
    readonly values: Float32Array,
  ) {}

  /** The chance that `colour`, about to roll, wins from these stones. */
  chanceToRoll(stones: Stones, colour: number): number {
    const n = this.shape.stones;
    const p = positionOf(this.shape, stones, colour);
    if (p.mine === n) return 1;
    if (p.theirs === n) return 0;
    return this.values[indexOf(this.shape, colour, p.me, p.mine, p.them, p.theirs)] as number;
  }

  /**
   * The chance that `colour` wins once a move has left these stones: rolling again after a
   * rosette (`again`), else the opponent rolls next.
   */
  chanceAfter(stones: Stones, colour: number, again: boolean): number {
    return again ? this.chanceToRoll(stones, colour) : 1 - this.chanceToRoll(stones, 1 - colour);
  }
}
