import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph, layoutProblems } from './support/layout.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the layout tells the truth about the architecture', () => {
  it('source/ keeps its boundaries: dependencies point down, no game names another, no circles', () => {
    const graph = importGraph(`${ROOT}source`);
    expect(graph.size).toBeGreaterThan(50);
    expect(layoutProblems(graph)).toEqual([]);
  });

  it('the check fails on each kind of breach', () => {
    const graph = new Map([
      ['engine/game', ['ui/theme']],
      ['storage/load', ['games/yut/rules']],
      ['ui/App', ['games/index']],
      ['games/ur/rules', ['games/yut/board']],
      ['app/App', ['games/yut/index']],
      ['classic/lines', ['classic/prompts']],
      ['classic/prompts', ['classic/lines']],
      ['engine/x', ['../../etc/passwd']],
    ]);
    expect(layoutProblems(graph)).toEqual([
      'engine/game (engine) may not import ui/theme (ui)',
      'storage/load (storage) may not import games/yut/rules (game:yut)',
      'ui/App (ui) may not import games/index (registry)',
      'games/ur/rules imports games/yut/board: a game imports another game',
      'app/App (app) may not import games/yut/index (game:yut)',
      'engine/x imports ../../etc/passwd, outside source/',
      'an import circle: classic/lines → classic/prompts',
    ]);
  });

  it('no two tracked files differ only by the case of their names (macOS and Windows)', () => {
    const tracked = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard'],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
    // The .js files built from .ts and .tsx collide too, so compare without the extension.
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of tracked) {
      const key = file.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '').toLowerCase();
      const other = seen.get(key);
      if (other !== undefined) clashes.push(`${other} and ${file}`);
      seen.set(key, file);
    }
    expect(clashes).toEqual([]);
  });
});
