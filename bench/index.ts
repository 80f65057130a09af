/**
 * `npm run bench`: madang's figures as readable tables. `--quick` prints every figure from fewer
 * games and shorter runs (its goal: under 3 minutes); a full run measures longer. These are
 * measurements to report, never pass/fail tests.
 */
import { analysisSection } from './analysis.js';
import { arenaSection } from './arena.js';
import { browserSection } from './browser.js';
import { botsSection, konoBotsSection, urBotsSection, yoteBotsSection } from './bots.js';
import { gamesSection } from './games.js';
import { layersSection } from './layers.js';
import { layersLoopSection } from './layers-loop.js';
import { fmt, loadAverage, machine, type Section, table, timeOf } from './report.js';
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
  arena: arenaSection,
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
      '  --quick       fewer games and shorter runs: every figure, in a few minutes',
      '  --only NAME   one section',
      '  --help        this page',
      '  bots, ur-bots, yote-bots, kono-bots: --pairs N seeds a pairing (each played twice),',
      '                --pairing A:B that pairing alone (levels, say expert:strong)',
      '  redis: --connections N, another count of players than 600 (30 with --quick)',
      '',
      `sections: ${Object.keys(sections).join(', ')}`,
      '',
      'Each section ends with its wall time, and the run with the time of each.',
      'The ui section runs the built program on the Node that runs the bench: for another, put',
      'its bin folder first in PATH (say ~/.cache/madang-ci/node22/node_modules/.bin).',
      '',
      'MADANG_BENCH_CLI=FILE: the serve section measures that built program (another checkout’s',
      'dist/madang.js) instead of this one, for a before/after.',
    ].join('\n'),
  );
  process.exit(only && !(only in sections) ? 2 : 0);
}
console.log(`madang bench${quick ? ' (quick)' : ''}: ${new Date().toISOString()}`);
console.log(`machine: ${machine()}, load ${loadAverage()}\n`);
// Each section's wall time, and this process's CPU in it (children, such as the server the serve
// section starts, are not counted), printed at its end and again together at the end: where the
// bench's time goes, and so what --quick has to cut.
const spent: { name: string; wall: number; cpu: number }[] = [];
const started = performance.now();
for (const [name, section] of Object.entries(sections)) {
  if (only && name !== only) continue;
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const figures = await section(quick);
  const used = process.cpuUsage(cpu);
  spent.push({
    name,
    wall: (performance.now() - wall) / 1000,
    cpu: (used.user + used.system) / 1e6,
  });
  console.log(table(figures));
  console.log(`  ${timeOf(spent.at(-1)!)}\n`);
}
if (spent.length > 1) {
  const total = (performance.now() - started) / 1000;
  console.log(
    table({
      title: `Time by section (${fmt(total, 1)} s in all, load ${loadAverage()})`,
      figures: spent.map((s) => ({ what: s.name, value: timeOf(s) })),
    }),
  );
}
// Ink keeps stdin listeners; the figures are printed, so leave.
process.exit(0);
