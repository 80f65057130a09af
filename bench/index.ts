/**
 * `npm run bench`: madang's figures as readable tables. `--quick` finishes in seconds (smoke
 * checks); a full run measures longer. These are measurements to report, never pass/fail tests.
 */
import { analysisSection } from './analysis.js';
import { browserSection } from './browser.js';
import { botsSection, konoBotsSection, urBotsSection, yoteBotsSection } from './bots.js';
import { gamesSection } from './games.js';
import { layersSection } from './layers.js';
import { layersLoopSection } from './layers-loop.js';
import { machine, type Section, table } from './report.js';
import { recordingSection } from './recording.js';
import { redisSection } from './redis.js';
import { serveSection } from './serve.js';
import { tableSection } from './table.js';
import { uiSection } from './ui.js';
import { urPerfectSection } from './ur-perfect.js';
import { urReferenceSection } from './ur-reference.js';
import { urEngineSection, yutEngineSection, yutReferenceSection } from './yut-engine.js';

const quick = process.argv.includes('--quick');
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
  analysis: analysisSection,
  redis: redisSection,
};
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : undefined;
if (
  process.argv.includes('--help') ||
  process.argv.includes('-h') ||
  (only && !(only in sections))
) {
  if (only && !(only in sections)) console.log(`no section ${JSON.stringify(only)}\n`);
  console.log(
    [
      "npm run bench [-- OPTIONS]: madang's figures as tables (measurements, never pass/fail)",
      '',
      'options:',
      '  --quick       fewer samples a section: every figure, in minutes instead of tens',
      '  --only NAME   one section',
      '  --help        this page',
      '',
      `sections: ${Object.keys(sections).join(', ')}`,
      '',
      'MADANG_BENCH_CLI=FILE: the serve section measures that built program (another checkout’s',
      'dist/madang.js) instead of this one, for a before/after.',
    ].join('\n'),
  );
  process.exit(only && !(only in sections) ? 2 : 0);
}
console.log(`madang bench${quick ? ' (quick)' : ''}: ${new Date().toISOString()}`);
console.log(`machine: ${machine()}\n`);
for (const [name, section] of Object.entries(sections)) {
  if (only && name !== only) continue;
  console.log(table(await section(quick)));
  console.log();
}
// Ink keeps stdin listeners; the figures are printed, so leave.
process.exit(0);
