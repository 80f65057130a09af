/**
 * The Ur solver's worker (solve-worker.ts) in this process, on ports of the test's own: two of
 * them sharing one table, each sweeping every other block of a group's order as solve-run.ts
 * asks, solve two stones to the values one thread gets. (The built program's own worker threads
 * are tested by `madang ur solve` in perfect.test.ts.)
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { setup } from '../../../source/games/ur/rules.js';
import { runSolveWorker } from '../../../source/games/ur/solve-worker.js';
import {
  EPSILON,
  type GroupOrder,
  groups,
  orderGroup,
  shapeFor,
  sidesOf,
  sweep,
} from '../../../source/games/ur/solver.js';

const STONES = 2;
const rules = setup({ stones: STONES }).rules;
const shape = shapeFor(rules, STONES);

/** The table solved in this thread, group by group, as solve-run.ts does with one thread. */
function solvedHere(): Float32Array {
  const values = new Float32Array(shape.size);
  for (const group of groups(shape)) {
    const order = orderGroup(shape, group);
    const sides = sidesOf(shape, order);
    while (sweep(values, order, sides, 0, order.me.length) >= EPSILON);
  }
  return values;
}

/** Asks every worker the same and gathers their answers (each answers once). */
const ask = (ports: readonly MessagePort[], message: unknown) =>
  Promise.all(
    ports.map(
      (port) =>
        new Promise<number>((resolve) => {
          port.once('message', (answer: { biggest: number }) => resolve(answer.biggest));
          port.postMessage(message);
        }),
    ),
  );

describe("the Ur solver's worker", () => {
  it('two workers on one shared table solve two stones to the values one thread gets', async () => {
    const values = new Float32Array(new SharedArrayBuffer(shape.size * 4));
    const channels = [new MessageChannel(), new MessageChannel()];
    channels.forEach(({ port1 }, part) =>
      runSolveWorker(port1, {
        paths: rules.board.paths,
        rosettes: [...rules.board.rosettes],
        extraRoll: rules.extraRollOnRosette,
        stones: STONES,
        values: values.buffer as SharedArrayBuffer,
        part,
        parts: channels.length,
      }),
    );
    const ports = channels.map(({ port2 }) => port2);
    /** Whether each worker found something to change: both have a share of the work. */
    const worked = [false, false];
    try {
      for (const group of groups(shape)) {
        const order: GroupOrder = orderGroup(shape, group);
        const share = (a: Int32Array) => {
          const shared = new Int32Array(new SharedArrayBuffer(a.byteLength));
          shared.set(a);
          return shared;
        };
        await ask(ports, { me: share(order.me), them: share(order.them), layers: order.layers });
        for (;;) {
          const changes = await ask(ports, { sweep: true });
          changes.forEach((change, part) => (worked[part] ||= change > 0));
          if (Math.max(...changes) < EPSILON) break;
        }
      }
    } finally {
      for (const { port1, port2 } of channels) {
        port1.close();
        port2.close();
      }
    }
    expect(worked).toEqual([true, true]);
    const here = solvedHere();
    let largest = 0;
    let won = 0;
    for (let i = 0; i < shape.size; i++) {
      largest = Math.max(largest, Math.abs((values[i] as number) - (here[i] as number)));
      if ((values[i] as number) > 0) won++;
    }
    // Gauss–Seidel in another order converges to the same values, within its tolerance.
    expect(largest).toBeLessThan(1e-4);
    expect(won).toBeGreaterThan(shape.size / 2);
  });
});
