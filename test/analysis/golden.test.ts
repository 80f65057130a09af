/**
 * An analysed recording of each game (fixtures/analysis): the recording a seeded self-play
 * writes, and its analysis by `madang analyze` as a table and as JSON Lines, byte for byte.
 * `npm run fixtures` (REGENERATE=1) rewrites them when the rules or the chances change on purpose.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreOf } from '../../source/games/cores.js';
import { readTablesFrom } from '../../source/games/ur/solved-table.js';
import { setup as urSetup } from '../../source/games/ur/rules.js';
import { solveUr } from '../../source/games/ur/solve-run.js';
import { readAndAnalyze } from '../../source/cli/analyze.js';
import { ANALYSIS_FIXTURES, recordFixture } from '../support/analysis.js';
import { CLI, ROOT } from '../support/tmux.js';

const FIXTURES = join(ROOT, 'fixtures', 'analysis');
const regenerate = process.env.REGENERATE === '1';
const scratch = mkdtempSync(join(tmpdir(), 'madang-analysis-golden-'));
// No solved table but the one built here: Ur's seven stones are estimated, two exact.
const tables = join(scratch, 'data');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(FIXTURES, { recursive: true });
  readTablesFrom(tables);
  const rules = urSetup({ stones: 2 }).rules;
  expect((await solveUr({ rules, stones: 2, dataDir: tables, threads: 1 })).status).toBe('built');
}, 120_000);

describe.each(ANALYSIS_FIXTURES)('fixtures/analysis/$name', (fixture) => {
  const recording = join(FIXTURES, `${fixture.name}.jsonl`);

  it('the self-play writes the recording byte for byte', () => {
    const written = join(scratch, `${fixture.name}.jsonl`);
    recordFixture(fixture, written);
    if (regenerate) copyFileSync(written, recording);
    expect(readFileSync(written, 'utf8')).toBe(readFileSync(recording, 'utf8'));
  });

  it('its analysis, as a table and as JSON Lines, is the golden one', async () => {
    const read = await readAndAnalyze(recording, undefined, (id) => coreOf(id));
    if (!read.ok) throw new Error(read.problem);
    expect(read.warnings).toEqual([]);
    for (const [ext, lines] of [
      ['txt', read.table()],
      ['analysis.jsonl', read.json()],
    ] as const) {
      const text = `${lines.join('\n')}\n`;
      const golden = join(FIXTURES, `${fixture.name}.${ext}`);
      if (regenerate) writeFileSync(golden, text);
      expect(text).toBe(readFileSync(golden, 'utf8'));
    }
  }, 180_000);
});

describe('madang analyze, the built program', () => {
  it('prints the golden JSON Lines of a recording, and the exact ones with the data directory’s table', () => {
    for (const [name, data] of [
      ['yut', scratch],
      ['ur-exact', tables],
    ] as const) {
      const run = spawnSync(
        process.execPath,
        [CLI, 'analyze', join(FIXTURES, `${name}.jsonl`), '--json', '--data-dir', data],
        {
          encoding: 'utf8',
        },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(readFileSync(join(FIXTURES, `${name}.analysis.jsonl`), 'utf8'));
      expect(run.status).toBe(0);
    }
  }, 120_000);

  it('a bad file is named with its line; a bad level says the levels; nothing else is printed', () => {
    const bad = join(scratch, 'bad.jsonl');
    const good = readFileSync(join(FIXTURES, 'yut.jsonl'), 'utf8').split('\n');
    writeFileSync(
      bad,
      [
        ...good.slice(0, 3),
        '{"type":"yut/pieceMoved","from":27,"result":"mo"}',
        ...good.slice(3),
      ].join('\n'),
    );
    const cases: [string[], RegExp][] = [
      [['analyze', bad], new RegExp(`^madang: ${bad}:4: .+\\n$`)],
      [['analyse', join(scratch, 'none.jsonl')], /^madang: .*none\.jsonl: no such file\n$/],
      [
        ['analyze', join(FIXTURES, 'yut.jsonl'), '--level', 'best'],
        /^madang: --level best is not a level of analysis: choose greedy, strong, expert, perfect \(default strong\)\n$/,
      ],
      [['analyze'], /^madang: analyze needs a recording: madang analyze FILE/],
    ];
    for (const [args, message] of cases) {
      const run = spawnSync(process.execPath, [CLI, ...args, '--data-dir', scratch], {
        encoding: 'utf8',
      });
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(run.status).toBe(2);
    }
  }, 120_000);
});
