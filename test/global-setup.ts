/**
 * Build the program once before the tests, the same way `npm run build` does: the library test
 * imports the package as a consumer would ('madang' → dist/index.js), and the end-to-end tests
 * run the bundled dist/madang.js, so after any edit they test the program as it now is. At the
 * end, the run's temporary directory goes.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function setup(): () => void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  const rolldown = fileURLToPath(new URL('../node_modules/rolldown/bin/cli.mjs', import.meta.url));
  execFileSync(process.execPath, [rolldown, '-c', 'rolldown.config.js', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The run's temporary directory (vitest.config.ts), removed when every test is done.
  return () => {
    const run = process.env.MADANG_TEST_TMP;
    if (run?.includes('madang-tests-')) rmSync(run, { recursive: true, force: true });
  };
}
