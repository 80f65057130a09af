/**
 * What a solved table costs to build (memory, disk, time), with no file touched: the Ur setup
 * shows it beside perfect, and `madang ur solve` checks it before it starts.
 */
import type { UrRules } from './rules.js';
import { groups, groupSize, shapeFor, type UrShape } from './solver.js';
import { HEADER_BYTES } from './table-format.js';

/**
 * What a solve needs: the table (twice with worker threads: the shared one, and a plain copy
 * to hash and write), a group's order (twice with threads: shared with them), and room for the
 * program itself.
 */
export function memoryNeeded(shape: UrShape, threads = 1): number {
  const biggest = Math.max(...groups(shape).map((g) => groupSize(shape, g)));
  const copies = threads > 1 ? 2 : 1;
  return copies * (shape.size * 4 + biggest * 8) + 256 * 1024 ** 2;
}

/**
 * Positions a second the solve gets through, measured here: seven stones, 137,870,097 positions,
 * took 48 min on two worker threads of a loaded 2-core machine (three stones: 263,121 in 3 s).
 */
const POSITIONS_PER_SECOND = 47_000;
const GB = 1000 ** 3;
const GiB = 1024 ** 3;

/**
 * What building the table for these rules costs, for a person choosing perfect: the time it
 * may take, the memory it needs (two worker threads) and the disk (the table and, while it
 * runs, its checkpoints).
 */
export function solveCost(rules: UrRules, stones = rules.stones): string {
  const shape = shapeFor(rules, stones);
  const minutes = shape.size / POSITIONS_PER_SECOND / 60;
  const time = minutes < 1 ? 'under a minute' : `about ${Math.round(minutes)} min`;
  const memory = memoryNeeded(shape, 2) / GiB;
  const disk = (HEADER_BYTES + shape.size * 4 * 2) / GB;
  const room = disk < 1 ? `${Math.max(1, Math.ceil(disk * 1000))} MB` : `${disk.toFixed(1)} GB`;
  return `${time}, ${memory.toFixed(1)} GiB of memory, ${room} of disk`;
}
