/**
 * A worker thread of `madang ur solve` (solve-run.ts): it sweeps its share of each group's
 * positions (every n-th block of the order) over the table the threads share.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { UrRules } from './rules.js';
import { type GroupOrder, shapeFor, sidesOf, sweep } from './solver.js';

export interface SolveWorkerData {
  readonly paths: UrRules['board']['paths'];
  readonly rosettes: readonly string[];
  readonly extraRoll: boolean;
  readonly stones: number;
  readonly values: SharedArrayBuffer;
  readonly part: number;
  readonly parts: number;
}

/** Positions per block: big enough to keep a sweep's order, small enough to share evenly. */
const BLOCK = 4096;

/** Serves the solver's questions on the worker's parent port (a test gives a port and data). */
export function runSolveWorker(
  port: MessagePort | null = parentPort,
  data: SolveWorkerData = (workerData as { urSolver: SolveWorkerData }).urSolver,
): void {
  const rules = {
    board: { paths: data.paths, rosettes: new Set(data.rosettes) },
    extraRollOnRosette: data.extraRoll,
  } as unknown as UrRules;
  const shape = shapeFor(rules, data.stones);
  const values = new Float32Array(data.values);
  let order: GroupOrder | undefined;
  let sides: ReturnType<typeof sidesOf> = [];
  port?.on('message', (message: { sweep?: true } & Partial<GroupOrder>) => {
    if (message.sweep && order) {
      let biggest = 0;
      const length = order.me.length;
      for (let from = data.part * BLOCK; from < length; from += data.parts * BLOCK) {
        biggest = Math.max(
          biggest,
          sweep(values, order, sides, from, Math.min(from + BLOCK, length)),
        );
      }
      port?.postMessage({ biggest });
      return;
    }
    order = message as GroupOrder;
    sides = sidesOf(shape, order);
    port?.postMessage({ biggest: 0 });
  });
}
