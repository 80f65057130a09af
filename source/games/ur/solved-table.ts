/**
 * Solved Ur tables on disk (issue 30): one file per board, stone count and rosette rule, in the
 * data directory's `ur-tables` folder, never in the repository (the format is table-format.ts's).
 * A file that is short, long, of another version or board, or whose checksum does not hold is
 * refused with a reason and never used. Writes are atomic: a temporary file, fsync, rename. The
 * store of files here is what the program's edges hand the core (readTablesFrom).
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
import { readTablesWith } from './perfect.js';
import type { UrRules } from './rules.js';
import { shapeFor } from './solver.js';
import {
  boardId,
  checksum,
  HEADER_BYTES,
  headerBytes,
  type Inspected,
  type LoadedTable,
  MAGIC,
  type TableHeader,
  TABLE_VERSION,
  tableName,
  UrTable,
  type UrTableStore,
} from './table-format.js';

export const tablesDirectory = (dataDir: string) => join(dataDir, 'ur-tables');

export const tableFile = (dataDir: string, rules: UrRules, stones: number) =>
  join(tablesDirectory(dataDir), tableName(rules, stones));

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

/** The store of the table files in a data directory (the one `dataDir` names when asked). */
export function fileTables(dataDir: () => string | undefined): UrTableStore {
  return {
    where(rules, stones) {
      const dir = dataDir();
      return dir === undefined ? undefined : tableFile(dir, rules, stones);
    },
    inspect: inspectTable,
    load: loadTable,
    loadAsync: loadTableAsync,
  };
}

/** Where a worker thread, started with a copy of the environment, finds the data directory. */
const TABLES_ENV = 'MADANG_UR_TABLES';

/**
 * The perfect level reads the tables of this data directory (the command line's edges call it).
 * Kept in the environment too: the computers think on a worker thread (cli/thinking.ts), started
 * later with a copy of it, which finds the tables there (readTablesFromEnvironment).
 */
export function readTablesFrom(dataDir: string): void {
  process.env[TABLES_ENV] = dataDir;
  readTablesWith(fileTables(() => dataDir));
}

/**
 * The tables of the data directory the environment names, read when asked: the one a thread of
 * the program was told (readTablesFrom), else MADANG_DATA_DIR (main.ts, on every thread).
 */
export function readTablesFromEnvironment(): void {
  readTablesWith(fileTables(() => process.env[TABLES_ENV] ?? process.env.MADANG_DATA_DIR));
}
