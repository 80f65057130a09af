import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The slow tests, run by `npm run test:slow` and not by `npm test`: the built program driven in
 * tmux (test/e2e), the reliability tests (test/reliability: kills, races, attacks, big inputs)
 * and any file named *.slow.test.ts(x). Every other test file is fast and runs in `npm test`. A
 * new test falls on its side by where it is and how it is named.
 */
const SLOW = [
  'test/e2e/**/*.test.{ts,tsx}',
  'test/reliability/**/*.test.{ts,tsx}',
  'test/**/*.slow.test.{ts,tsx}',
];
/**
 * Files of long random runs (properties.test.ts, bot.test.ts) and Ur's solver tests: fast, with a
 * tenth of their runs or two stones (test/support/runs.ts), and run again by `npm run test:slow`
 * with all of them, three stones.
 */
const LONG = [
  'test/**/properties.test.{ts,tsx}',
  'test/**/bot.test.{ts,tsx}',
  'test/games/ur/solver.test.ts',
];
/**
 * Files that need a process of their own and a fresh import (*.fresh.test.ts): Ink reads CI once,
 * when it is first imported, so a file that clears CI before Ink loads (an in-process server or
 * full screen drawing for a terminal, as madang clears it) cannot share the fast project's one
 * import; and the command line run in process imports source/ again for each run. `npm test`
 * runs them beside the fast ones.
 */
const FRESH = ['test/**/*.fresh.test.{ts,tsx}'];

/**
 * Every temporary file of the run (the tests' own, the programs' they start) goes under one
 * directory, which test/global-setup.ts removes at the end: each run left hundreds of
 * directories in /tmp before. vitest reads this file more than once in a run: the first
 * reading makes the directories, the others find them in the environment.
 */
const RUN_TMP = (process.env.MADANG_TEST_TMP ??= mkdtempSync(join(tmpdir(), 'madang-tests-')));

const env = {
  // Colour on, so that the tests can see it (and see it turned off by NO_COLOR).
  FORCE_COLOR: '1',
  TMPDIR: RUN_TMP,
  // Games started by tests record here, never in the user's data directory.
  MADANG_DATA_DIR: (process.env.MADANG_TEST_DATA ??= mkdtempSync(
    join(RUN_TMP, 'madang-test-data-'),
  )),
};

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env,
    // `vitest run --coverage`: what the tests run of source/, every file counted (v8).
    coverage: {
      provider: 'v8',
      include: ['source/**'],
      reporter: ['text-summary', 'json-summary'],
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.{ts,tsx}'],
          // One worker runs file after file with its modules loaded once, instead of a new
          // process and a fresh import of source/ for each of 70 files (most of the run's time).
          isolate: false,
          // Both cores (vitest takes one less than there are, which is one here).
          maxWorkers: 2,
          // A run of both projects (a bare `vitest run`) runs the fast ones first.
          sequence: { groupOrder: 0 },
          exclude: [...configDefaults.exclude, ...SLOW, ...FRESH],
        },
      },
      {
        extends: true,
        test: {
          name: 'fresh',
          include: FRESH,
          // A new process and a new import of everything for each file.
          isolate: true,
          maxWorkers: 2,
          // Servers with a dozen SSH handshakes, whole programs run in process: as slow's, on a
          // busy machine (the serve abuse tests took over 20 s there).
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          sequence: { groupOrder: 1 },
          include: [...SLOW, ...LONG],
          env: { ...env, MADANG_LONG_RUNS: '1' },
          // A test in tmux waits for several screens, each up to tmux.ts's WAIT_MS on a busy machine.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
