/**
 * `npm run bench`: madang's figures as readable tables. `--quick` finishes in seconds (smoke
 * checks); a full run measures longer. These are measurements to report, never pass/fail tests.
 */
import { browserSection } from './browser.js';
import { botsSection, konoBotsSection, urBotsSection, yoteBotsSection } from './bots.js';
import { gamesSection } from './games.js';
import { layersSection } from './layers.js';
import { layersLoopSection } from './layers-loop.js';
import { machine, type Section, table } from './report.js';
import { recordingSection } from './recording.js';
import { serveSection } from './serve.js';
import { tableSection } from './table.js';
import { uiSection } from './ui.js';
import { urPerfectSection } from './ur-perfect.js';
import { urReferenceSection } from './ur-reference.js';
import { urEngineSection, yutEngineSection, yutReferenceSection } from './yut-engine.js';

const quick = process.argv.includes('--quick');
console.log(`madang bench${quick ? ' (quick)' : ''}: ${new Date().toISOString()}`);
console.log(`machine: ${machine()}\n`);
const sections: Record<string, (quick: boolean) => Section | Promise<Section>> = {
  engine: yutEngineSection,
  reference: yutReferenceSection,
  ui: uiSection,
  recordings: recordingSection,
  browser: browserSection,
  bots: botsSection,
  ur: urEngineSection,
  'ur-reference': urReferenceSection,
  games: gamesSection,
  'ur-bots': urBotsSection,
  'ur-perfect': urPerfectSection,
  'yote-bots': yoteBotsSection,
  'kono-bots': konoBotsSection,
  layers: layersSection,
  'layers-loop': layersLoopSection,
  table: tableSection,
  serve: serveSection,
};
// --only NAME runs one section (engine, reference, ui, recordings, browser, bots, ur, ur-reference, ur-bots, ur-perfect, yote-bots, kono-bots, layers, layers-loop, games, table, serve).
const only = process.argv[process.argv.indexOf('--only') + 1];
for (const [name, section] of Object.entries(sections)) {
  if (process.argv.includes('--only') && name !== only) continue;
  console.log(table(await section(quick)));
  console.log();
}
// Ink keeps stdin listeners; the figures are printed, so leave.
process.exit(0);
