/**
 * Solved Ur tables on disk (issue 30): one file per board, stone count and rosette rule, in the
 * data directory's `ur-tables` folder, never in the repository. A file is a 4096-byte header (a
 * magic line, then JSON: format version, board, stones, rule, positions, SHA-256 of the values)
 * and the values as little-endian Float32, one per position in the solver's order. A file that is
 * short, long, of another version or board, or whose checksum does not hold is refused with a
 * reason and never used. Writes are atomic: a temporary file, fsync, rename.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { historicalSpec, checkBoard } from './board.js';
import type { UrRules } from './rules.js';
import { indexOf, positionOf, shapeFor, type UrShape } from './solver.js';

export const TABLE_VERSION = 1;
const MAGIC = 'madang ur table';
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

export const tablesDirectory = (dataDir: string) => join(dataDir, 'ur-tables');

/** ur-historical-7-stones-v1.table (…-no-extra-roll… when the rosette rule is off). */
export function tableName(rules: UrRules, stones: number): string {
  const rule = rules.extraRollOnRosette ? '' : '-no-extra-roll';
  return `ur-${boardId(rules)}-${stones}-stones${rule}-v${TABLE_VERSION}.table`;
}

export const tableFile = (dataDir: string, rules: UrRules, stones: number) =>
  join(tablesDirectory(dataDir), tableName(rules, stones));

export function checksum(values: Float32Array): string {
  return createHash('sha256')
    .update(new Uint8Array(values.buffer, values.byteOffset, values.byteLength))
    .digest('hex');
}

/** Write bytes to `file` atomically: a temporary file beside it, fsync, rename. */
export function writeAtomic(file: string, parts: readonly Uint8Array[]): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    for (const part of parts) {
      for (let at = 0; at < part.byteLength;) {
        at += writeSync(fd, part, at, Math.min(part.byteLength - at, 64 << 20));
      }
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
}

function headerBytes(header: TableHeader): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const text = `${MAGIC}\n${JSON.stringify(header)}\n`;
  bytes.set(new TextEncoder().encode(text));
  return bytes;
}

export function writeTable(file: string, rules: UrRules, stones: number, values: Float32Array) {
  const header: TableHeader = {
    version: TABLE_VERSION,
    board: boardId(rules),
    stones,
    extraRoll: rules.extraRollOnRosette,
    positions: values.length,
    sha256: checksum(values),
  };
  writeAtomic(file, [
    headerBytes(header),
    new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
  ]);
}

export type LoadedTable =
  { ok: true; table: UrTable } | { ok: false; missing: boolean; problem: string };

/** Read whole bytes from a file descriptor. */
function readInto(fd: number, target: Uint8Array, position: number): number {
  let at = 0;
  while (at < target.byteLength) {
    const got = readSync(fd, target, at, Math.min(target.byteLength - at, 64 << 20), position + at);
    if (got === 0) break;
    at += got;
  }
  return at;
}

/** Read `target`'s bytes of `file` from `position`; why it cannot be read, or undefined. */
function readWhole(file: string, target: Uint8Array, position: number): string | undefined {
  try {
    const fd = openSync(file, 'r');
    try {
      readInto(fd, target, position);
    } finally {
      closeSync(fd);
    }
    return undefined;
  } catch (error) {
    return `it cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
}

/** A table file's header and length, checked without reading its values. */
type Inspected =
  | { ok: true; header: TableHeader; shape: UrShape }
  | { ok: false; missing: boolean; problem: string };

const refusal = (file: string, why: string) => ({
  ok: false as const,
  missing: false,
  problem: `the table ${file} cannot be used: ${why} (build it again with madang ur solve)`,
});

/** Everything about a table file that its header and length tell (the values not read). */
export function inspectTable(file: string, rules: UrRules, stones: number): Inspected {
  let size: number;
  const refuse = (why: string) => refusal(file, why);
  try {
    const stat = statSync(file);
    // A folder in its place was read as a table, and the read threw (EISDIR, a stack trace).
    if (stat.isDirectory()) return refuse('it is a folder, not a file');
    size = stat.size;
  } catch {
    return { ok: false, missing: true, problem: `there is no table ${file}` };
  }
  const shape = shapeFor(rules, stones);
  const expected = HEADER_BYTES + shape.size * 4;
  if (size < HEADER_BYTES) return refuse('it is too short to hold a header');
  const head = new Uint8Array(HEADER_BYTES);
  const read = readWhole(file, head, 0);
  if (read !== undefined) return refuse(read);
  const text = new TextDecoder().decode(head).replace(/\0+$/, '');
  const [magic, json] = text.split('\n');
  if (magic !== MAGIC) return refuse('it is not a madang Ur table');
  let header: TableHeader;
  try {
    header = JSON.parse(json ?? '') as TableHeader;
  } catch {
    return refuse('its header is damaged');
  }
  if (header.version !== TABLE_VERSION)
    return refuse(`it is of format ${header.version}, this madang reads ${TABLE_VERSION}`);
  if (header.board !== boardId(rules) || header.stones !== stones)
    return refuse(`it is for ${header.stones} stones on ${header.board}`);
  if (header.extraRoll !== rules.extraRollOnRosette)
    return refuse('it is for the other rosette rule');
  if (header.positions !== shape.size || size !== expected)
    return refuse(
      size < expected
        ? `it is truncated (${size} bytes of ${expected})`
        : `it is ${size} bytes, not ${expected}`,
    );
  return { ok: true, header, shape };
}

/** A table file checked whole (header, length, checksum), or why it cannot be used. */
export function loadTable(file: string, rules: UrRules, stones: number): LoadedTable {
  const inspected = inspectTable(file, rules, stones);
  if (!inspected.ok) return inspected;
  const values = new Float32Array(inspected.shape.size);
  const read = readWhole(file, new Uint8Array(values.buffer), HEADER_BYTES);
  if (read !== undefined) return refusal(file, read);
  if (checksum(values) !== inspected.header.sha256)
    return refusal(file, 'its checksum does not match: it is damaged');
  return { ok: true, table: new UrTable(inspected.shape, values) };
}

/** Bytes read (and hashed) at a time by loadTableAsync: a few milliseconds of the event loop. */
const SLICE = 4 << 20;

/**
 * loadTable without holding the event loop: the values read and hashed a slice at a time, so a
 * screen stays answered while a seven-stone table (551 MB) is read on a game's start.
 */
export async function loadTableAsync(
  file: string,
  rules: UrRules,
  stones: number,
): Promise<LoadedTable> {
  const inspected = inspectTable(file, rules, stones);
  if (!inspected.ok) return inspected;
  const values = new Float32Array(inspected.shape.size);
  const bytes = new Uint8Array(values.buffer);
  const hash = createHash('sha256');
  const handle = await open(file, 'r');
  try {
    for (let at = 0; at < bytes.byteLength;) {
      const { bytesRead } = await handle.read(
        bytes,
        at,
        Math.min(SLICE, bytes.byteLength - at),
        HEADER_BYTES + at,
      );
      if (bytesRead === 0) return refusal(file, 'it was cut short while it was read');
      hash.update(bytes.subarray(at, at + bytesRead));
      at += bytesRead;
    }
  } finally {
    await handle.close();
  }
  if (hash.digest('hex') !== inspected.header.sha256)
    return refusal(file, 'its checksum does not match: it is damaged');
  return { ok: true, table: new UrTable(inspected.shape, values) };
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
