/**
 * Loaded into the built program (`node --import …/loop-probe.mjs dist/madang.js …`) by tests
 * that bound how long the event loop is held: a timer ticks every 5 ms and each tick reads the
 * CPU time this thread (the event loop's) has used since the last, from the kernel
 * (/proc/thread-self/schedstat, in nanoseconds). A tick that finds more than 5 ms used found a
 * hold: the time a key or a signal would have waited. CPU, not the wall clock, so that a machine
 * busy with other work (which only delays the ticks) does not count; the worker thread where
 * computers think is not this thread and does not count either. The holds over 10 ms, with the
 * time each ended (Date.now()), go as JSON to the file MADANG_LOOP_PROBE names (written whole, by
 * a rename), twice a second and at the end.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

const file = process.env.MADANG_LOOP_PROBE;
// The main thread's loop only: the worker where computers think starts with the same flags
// (this file too), and its thread's work (loading the program, thinking) holds no key.
if (file && isMainThread) {
  const cpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  /** Each hold over 10 ms: when it ended, its CPU time and its wall time, ms. */
  const holds = [];
  let last = cpu();
  let lastWall = performance.now();
  let written = 0;
  // Whole or not at all: the test reads the file while the program runs (it once read it empty,
  // between the truncation and the write).
  const write = () => {
    writeFileSync(`${file}.part`, JSON.stringify({ holds, at: Date.now() }));
    renameSync(`${file}.part`, file);
  };
  const tick = () => {
    const now = cpu();
    const wall = performance.now();
    const used = (now - last) / 1e6;
    if (used > 10)
      holds.push({
        at: Date.now(),
        cpu: Math.round(used * 10) / 10,
        wall: Math.round((wall - lastWall) * 10) / 10,
      });
    if (wall - written > 500) {
      write();
      written = wall;
    }
    // What this tick did (the read, the write) is not the next one's hold.
    last = cpu();
    lastWall = performance.now();
  };
  setInterval(tick, 5).unref();
  process.on('exit', write);
}
