/**
 * `npm run bench`: madang's figures as readable tables. `--quick` finishes in seconds (smoke
 * checks); a full run measures longer. These are measurements to report, never pass/fail tests.
 */
import { machine, type Section, table } from './report.js';
import { recordingSection } from './recording.js';
import { uiSection } from './ui.js';
import { yutEngineSection } from './yut-engine.js';

const quick = process.argv.includes('--quick');
console.log(`madang bench${quick ? ' (quick)' : ''}: ${new Date().toISOString()}`);
console.log(`machine: ${machine()}\n`);
const sections: ((quick: boolean) => Section | Promise<Section>)[] = [
  yutEngineSection,
  uiSection,
  recordingSection,
];
for (const section of sections) {
  console.log(table(await section(quick)));
  console.log();
}
// Ink keeps stdin listeners; the figures are printed, so leave.
process.exit(0);
