#!/usr/bin/env node
/**
 * The program's entry (bundled into dist/madang.js). Ink draws only a final frame when it thinks
 * it runs in CI; a person at a terminal is not a CI log, even with CI set in the environment.
 * Ink reads that when it is loaded, so the command line is loaded after the correction.
 */
if (process.stdin.isTTY && process.stdout.isTTY) {
  process.env.CI = 'false';
  process.env.CONTINUOUS_INTEGRATION = 'false';
}
// A reader that goes away (| head, a closed pipe) ends the program quietly, not with a crash.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
await import('./cli/index.js');
