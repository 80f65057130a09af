/**
 * `madang ur solve` (issue 30): builds a solved table in the data directory, group by group
 * (solver.ts), with checkpoints so that a run stopped by Ctrl+C or killed goes on where it was:
 * each finished group's values in its own file, and the group under way every few minutes, all
 * written atomically. Sweeps run in slices that yield to the event loop, or in worker threads
 * over one shared table. Before anything, the memory and disk it needs are checked.
 */
import { mkdirSync, readdirSync, rmSync, statfsSync, existsSync } from 'node:fs';
import { freemem } from 'node:os';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { UrRules } from './rules.js';
import {
  EPSILON,
  groups,
  groupSize,
  indexOf,
  orderGroup,
  type GroupOrder,
  shapeFor,
  sidesOf,
  sweep,
  type UrShape,
} from './solver.js';
import { checksum, HEADER_BYTES } from './table-format.js';
import { loadTable, tableFile, tablesDirectory, writeAtomic, writeTable } from './solved-table.js';
import { unwritable } from '../../storage/files.js';
import { memoryNeeded } from './solve-cost.js';

export interface SolveProgress {
  /** Positions in finished groups, of all. */
  readonly done: number;
  readonly total: number;
  readonly group: number;
  readonly groups: number;
  /** Stones borne off in the group under way (the larger count first). */
  readonly borneOff: readonly [number, number];
  readonly sweep: number;
  readonly change: number;
}

export interface SolveOptions {
  readonly rules: UrRules;
  readonly stones: number;
  readonly dataDir: string;
  /** Worker threads (1: sweeps in this thread, in slices). */
  readonly threads?: number;
  readonly progress?: (p: SolveProgress) => void;
  /** Asked between slices: true stops the run at once, keeping a checkpoint. */
  readonly stopRequested?: () => boolean;
  /** Seconds between checkpoints of the group under way (default 120). */
  readonly checkpointSeconds?: number;
  /** Bytes of memory and of disk free (default: the machine's); for tests. */
  readonly memoryFree?: () => number;
  readonly diskFree?: (directory: string) => number;
  readonly now?: () => number;
}

export type SolveResult =
  | {
      readonly status: 'built' | 'present';
      readonly file: string;
      readonly positions: number;
      /** White's chance to win from the start, rolling first. */
      readonly start: number;
    }
  | { readonly status: 'stopped'; readonly file: string }
  | { readonly status: 'refused'; readonly problem: string };

/**
 * A size in the unit that shows it: 1.93 GiB (from half of one: 0.98 GiB), 3.1 MiB, 12 KiB,
 * 0 bytes (a small table on a full disk was "0.00 GiB of disk, and 0.00 GiB is free").
 */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 ** 3 / 2) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  const [unit, name] =
    bytes >= 1024 ** 2 ? [1024 ** 2, 'MiB'] : bytes >= 1024 ? [1024, 'KiB'] : [1, 'bytes'];
  const n = bytes / unit;
  return `${n < 10 && unit > 1 ? n.toFixed(1) : Math.round(n)} ${name}`;
}

/** The checkpoint of a group: its layers' values, each range in table order. */
function rangesOf(shape: UrShape, group: readonly (readonly [number, number, number])[]) {
  return group.map(([colour, a, b]) => {
    const layer = (shape.layers[shape.symmetric ? 0 : colour] ?? [])[a * shape.stones + b];
    return [layer?.base ?? 0, (layer?.base ?? 0) + (layer?.size ?? 0)] as const;
  });
}

function saveGroup(
  file: string,
  values: Float32Array,
  ranges: readonly (readonly [number, number])[],
  sweeps: number,
) {
  const parts = ranges.map(([from, to]) => values.slice(from, to));
  const joined = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.length;
  }
  const head = new Uint8Array(HEADER_BYTES);
  head.set(
    new TextEncoder().encode(`${JSON.stringify({ ranges, sweeps, sha256: checksum(joined) })}\n`),
  );
  writeAtomic(file, [head, new Uint8Array(joined.buffer)]);
}

/** A group's checkpoint read back into the table; its sweep count, or undefined if unusable. */
async function loadGroup(
  file: string,
  values: Float32Array,
  ranges: readonly (readonly [number, number])[],
): Promise<number | undefined> {
  const { readFileSync } = await import('node:fs');
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length < HEADER_BYTES) return undefined;
  try {
    const header = JSON.parse(bytes.subarray(0, HEADER_BYTES).toString('utf8').replace(/\0+$/, ''));
    const count = ranges.reduce((n, [a, b]) => n + b - a, 0);
    if (JSON.stringify(header.ranges) !== JSON.stringify(ranges)) return undefined;
    if (bytes.length !== HEADER_BYTES + count * 4) return undefined;
    const joined = new Float32Array(count);
    new Uint8Array(joined.buffer).set(bytes.subarray(HEADER_BYTES));
    if (checksum(joined) !== header.sha256) return undefined;
    let at = 0;
    for (const [a, b] of ranges) {
      values.set(joined.subarray(at, at + b - a), a);
      at += b - a;
    }
    return typeof header.sweeps === 'number' ? header.sweeps : 0;
  } catch {
    return undefined;
  }
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Sweeps in worker threads over one shared table: each takes every n-th block of the order. */
class Workers {
  private readonly workers: Worker[];
  constructor(file: string, shape: UrShape, rules: UrRules, values: Float32Array, count: number) {
    this.workers = Array.from(
      { length: count },
      (_, part) =>
        new Worker(file, {
          workerData: {
            urSolver: {
              paths: rules.board.paths,
              rosettes: [...rules.board.rosettes],
              extraRoll: rules.extraRollOnRosette,
              stones: shape.stones,
              values: values.buffer,
              part,
              parts: count,
            },
          },
        }),
    );
  }
  private ask(message: unknown): Promise<number[]> {
    return Promise.all(
      this.workers.map(
        (w) =>
          new Promise<number>((resolve, reject) => {
            const onMessage = (m: { biggest: number }) => {
              w.off('error', reject);
              resolve(m.biggest);
            };
            w.once('message', onMessage);
            w.once('error', reject);
            w.postMessage(message);
          }),
      ),
    );
  }
  async group(order: GroupOrder): Promise<void> {
    const share = (a: Int32Array) => {
      const shared = new Int32Array(new SharedArrayBuffer(a.byteLength));
      shared.set(a);
      return shared;
    };
    await this.ask({ me: share(order.me), them: share(order.them), layers: order.layers });
  }
  async sweep(): Promise<number> {
    return Math.max(...(await this.ask({ sweep: true })));
  }
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** A file or folder of the solve that could not be written, in words (storage's unwritable). */
class DiskProblem extends Error {}
function onDisk<T>(path: string, doing: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === undefined) throw error;
    throw new DiskProblem(unwritable(path, error, doing), { cause: error });
  }
}

/**
 * Build (or finish building) the table for these rules and stones. A write that fails (a full or
 * read-only disk) refuses the run, naming the file: the checkpoints written stay.
 */
export async function solveUr(options: SolveOptions): Promise<SolveResult> {
  try {
    return await solve(options);
  } catch (error) {
    if (error instanceof DiskProblem) return { status: 'refused', problem: error.message };
    throw error;
  }
}

async function solve(options: SolveOptions): Promise<SolveResult> {
  const { rules, stones, dataDir } = options;
  const threads = Math.max(1, options.threads ?? 1);
  const now = options.now ?? Date.now;
  const shape = shapeFor(rules, stones);
  const file = tableFile(dataDir, rules, stones);
  const directory = tablesDirectory(dataDir);
  const existing = loadTable(file, rules, stones);
  if (existing.ok)
    return {
      status: 'present',
      file,
      positions: shape.size,
      start: existing.table.values[indexOf(shape, 0, 0, 0, 0, 0)] as number,
    };

  const memory = memoryNeeded(shape, threads);
  const memoryFree = (options.memoryFree ?? freemem)();
  if (memory > memoryFree)
    return {
      status: 'refused',
      problem: `solving ${stones} stones needs about ${sizeWords(memory)} of memory, and ${sizeWords(memoryFree)} is free`,
    };
  onDisk(directory, 'make', () => mkdirSync(directory, { recursive: true }));
  const partial = `${file}.partial`;
  onDisk(partial, 'make', () => mkdirSync(partial, { recursive: true }));
  // A run killed while writing leaves its temporary files (writeAtomic's *.tmp): not kept.
  for (const [folder, prefix] of [
    [directory, basename(file)],
    [partial, 'group-'],
  ] as const)
    for (const name of readdirSync(folder))
      if (name.startsWith(prefix) && name.endsWith('.tmp'))
        rmSync(join(folder, name), { force: true });
  // The table, its checkpoints (as much again at most), and its temporary copy while written.
  const disk = HEADER_BYTES + shape.size * 4 * 2;
  const diskFree = (
    options.diskFree ??
    ((d) => {
      const s = statfsSync(d);
      return s.bavail * s.bsize;
    })
  )(directory);
  const held = readdirSync(partial).length > 0 ? shape.size * 4 : 0;
  if (disk - held > diskFree)
    return {
      status: 'refused',
      problem: `the table for ${stones} stones needs about ${sizeWords(disk - held)} of disk in ${directory}, which has ${sizeWords(diskFree)} free`,
    };

  const values =
    threads > 1
      ? new Float32Array(new SharedArrayBuffer(shape.size * 4))
      : new Float32Array(shape.size);
  const all = groups(shape);
  const total = shape.size;
  let done = 0;
  const stop = options.stopRequested ?? (() => false);
  const every = (options.checkpointSeconds ?? 120) * 1000;
  const pool =
    threads > 1
      ? new Workers(new URL(import.meta.url).pathname, shape, rules, values, threads)
      : undefined;
  try {
    for (const [g, group] of all.entries()) {
      const ranges = rangesOf(shape, group);
      const size = groupSize(shape, group);
      const finished = join(partial, `group-${g}.done`);
      if ((await loadGroup(finished, values, ranges)) !== undefined) {
        done += size;
        continue;
      }
      const current = join(partial, `group-${g}.current`);
      let sweeps = (await loadGroup(current, values, ranges)) ?? 0;
      const order = orderGroup(shape, group);
      const sides = sidesOf(shape, order);
      await pool?.group(order);
      const [, a, b] = group[0] as readonly [number, number, number];
      let saved = now();
      for (;;) {
        let change = 0;
        if (pool) {
          const result = pool.sweep();
          result.catch(() => undefined);
          const tick = () => new Promise<false>((resolve) => setTimeout(() => resolve(false), 200));
          while (!(await Promise.race([result.then(() => true), tick()]))) if (stop()) break;
          if (stop()) {
            // The workers stop mid-sweep: every value is still one some sweep wrote.
            await pool.close();
            onDisk(current, 'write', () => saveGroup(current, values, ranges, sweeps));
            return { status: 'stopped', file };
          }
          change = await result;
        } else {
          const slice = 1 << 16;
          for (let from = 0; from < order.me.length; from += slice) {
            change = Math.max(
              change,
              sweep(values, order, sides, from, Math.min(from + slice, order.me.length)),
            );
            await pause();
            if (stop()) break;
          }
        }
        if (stop()) {
          // A sweep cut short leaves values no worse than before it: kept, and gone on with.
          onDisk(current, 'write', () => saveGroup(current, values, ranges, sweeps));
          return { status: 'stopped', file };
        }
        sweeps++;
        options.progress?.({
          done,
          total,
          group: g + 1,
          groups: all.length,
          borneOff: [a, b],
          sweep: sweeps,
          change,
        });
        if (change < EPSILON) break;
        if (now() - saved > every) {
          onDisk(current, 'write', () => saveGroup(current, values, ranges, sweeps));
          saved = now();
        }
      }
      onDisk(finished, 'write', () => saveGroup(finished, values, ranges, sweeps));
      rmSync(current, { force: true });
      done += size;
    }
  } finally {
    await pool?.close();
  }
  const plain = values.buffer instanceof SharedArrayBuffer ? values.slice() : values;
  onDisk(file, 'write', () => writeTable(file, rules, stones, plain));
  rmSync(partial, { recursive: true, force: true });
  options.progress?.({
    done: total,
    total,
    group: all.length,
    groups: all.length,
    borneOff: [0, 0],
    sweep: 0,
    change: 0,
  });
  return {
    status: 'built',
    file,
    positions: shape.size,
    start: values[indexOf(shape, 0, 0, 0, 0, 0)] as number,
  };
}

/** Whether this run can start worker threads: only from the bundled program (one .js file). */
export const canUseWorkers = () =>
  import.meta.url.endsWith('.js') && existsSync(new URL(import.meta.url));
