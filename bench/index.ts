/**
 * `npm run bench`: madang's figures as readable tables. `--quick` finishes in seconds (smoke
 * checks); a full run measures longer. These are measurements to report, never pass/fail tests.
 */
import { machine, table } from './report.js';
import { yutEngineSection } from './yut-engine.js';

const quick = process.argv.includes('--quick');
console.log(`madang bench${quick ? ' (quick)' : ''}: ${new Date().toISOString()}`);
console.log(`machine: ${machine()}\n`);
for (const section of [yutEngineSection]) {
  console.log(table(section(quick)));
  console.log();
}
