#!/usr/bin/env node
/**
 * The program's entry (bundled into dist/madang.js). Ink draws only a final frame when it thinks
 * it runs in CI, and the colour detection under it (supports-color, through chalk) turns colour
 * off whenever a CI variable exists at all, whatever its value. A person at a terminal is not a
 * CI log, even with CI set in the environment: the variables go, before Ink and chalk are loaded,
 * so the terminal's own TERM and COLORTERM decide the colours (NO_COLOR still turns them off).
 */
import { isMainThread, workerData } from 'node:worker_threads';

/** The oldest Node.js madang runs on: the oldest maintained LTS (also package.json's engines). */
const OLDEST_NODE = 22;

/**
 * Ur's solved tables, read from the data directory the environment names: the core reads no
 * environment and no file, the program hands it the store (a thread told another directory, or
 * a worker started with a copy of the environment, finds it the same way).
 */
const urTables = async () =>
  (await import('./games/ur/solved-table.js')).readTablesFromEnvironment();

if (!isMainThread && (workerData as { urSolver?: unknown } | null)?.urSolver) {
  // The same bundle, started as a worker thread of the Ur solver (games/ur/solve-run.ts).
  (await import('./games/ur/solve-worker.js')).runSolveWorker();
} else if (!isMainThread && (workerData as { analysis?: unknown } | null)?.analysis) {
  // The same bundle, started as the replay's analysis (cli/analysing.ts).
  await urTables();
  (await import('./cli/analysing.js')).serveAnalysis();
} else if (!isMainThread) {
  // The same bundle, started as the computers' worker thread (cli/thinking.ts).
  await urTables();
  const { serveThinking } = await import('./cli/thinking.js');
  serveThinking();
} else {
  // The oldest Node madang is tested on (package.json's engines): one line, not a stack trace.
  if (Number(process.versions.node.split('.')[0]) < OLDEST_NODE) {
    process.stderr.write(
      `madang needs Node.js ${OLDEST_NODE} or newer; this is Node.js ${process.versions.node}.\n`,
    );
    process.exit(1);
  }
  const serving = process.argv[2] === 'serve';
  // A terminal video (madang export --cast) is drawn for the terminal that will play it.
  const casting = process.argv[2] === 'export' && process.argv.includes('--cast');
  if ((process.stdin.isTTY && process.stdout.isTTY) || serving || casting) {
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
  }
  // madang serve draws on its clients' terminals, not its own: its colours (basic ones, turned
  // off per connection by the client's TERM and NO_COLOR) must not depend on where it runs.
  if ((serving || casting) && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = '1';
  // A reader that goes away (| head, a closed pipe) ends the program quietly, not with a crash.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  // Yoga (Ink's layout) decodes its WebAssembly through fetch where there is one, which loads
  // Node's whole HTTP client (undici) at every start; with none, it decodes the same bytes in
  // place. No part of madang uses fetch: it is hidden only while Ink loads.
  const fetchSlot = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true });
  try {
    await import('ink');
  } finally {
    if (fetchSlot) Object.defineProperty(globalThis, 'fetch', fetchSlot);
  }
  await urTables();
  const { thinkOnWorkerFrom } = await import('./cli/thinking.js');
  thinkOnWorkerFrom(new URL(import.meta.url));
  await import('./cli/index.js');
}
