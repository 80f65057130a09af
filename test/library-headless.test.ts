/**
 * The built library entry (dist/index.js, what `import … from 'madang'` gives) in a process
 * where ink, react and yargs cannot be resolved: it plays a game of each core with the cores'
 * own chance kits and computers, records each with its writer and reads each back with its
 * reader. A core or an export that stood on a face would fail to load here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../source/games/cores.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HEADLESS = join(ROOT, 'test/support/headless');

interface Report {
  readonly refused: readonly string[];
  readonly table: { readonly events: number; readonly heard: number; readonly outcome: unknown };
  readonly games: readonly {
    readonly id: string;
    readonly problem?: string;
    readonly played: number;
    readonly outcome: { readonly status: string };
    readonly reasons: number;
    readonly read: {
      readonly game: string;
      readonly options: unknown;
      readonly sameEvents: boolean;
      readonly reasons: number;
      readonly outcome: unknown;
      readonly ended: unknown;
    };
  }[];
}

describe('the library entry without ink, react or yargs', () => {
  it('plays a game of each of the five cores and reads the recording of each; a table plays one', () => {
    const directory = mkdtempSync(join(tmpdir(), 'madang-headless-'));
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        join(HEADLESS, 'register.mjs'),
        join(HEADLESS, 'play-each.mjs'),
        join(ROOT, 'dist/index.js'),
        directory,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const report = JSON.parse(output) as Report;
    // The hook works: the faces cannot be loaded in that process.
    expect(report.refused).toEqual(['ink', 'react', 'yargs']);
    expect(report.games.map((g) => g.id)).toEqual(GAME_IDS);
    for (const game of report.games) {
      expect(game.problem, game.id).toBeUndefined();
      expect(game.played, game.id).toBeGreaterThan(10);
      expect(game.read.game).toBe(game.id);
      expect(game.read.sameEvents, game.id).toBe(true);
      expect(game.read.reasons, game.id).toBe(game.reasons);
      expect(game.read.outcome, game.id).toEqual(game.outcome);
      if (game.outcome.status !== 'running') expect(game.read.ended, game.id).toEqual(game.outcome);
    }
    // A game is played to its end by the computers (Yut between greedy and random is short).
    expect(report.games[0]?.outcome.status).toBe('won');
    // And by two computer seats at the library's table, every event told to a spectator.
    expect(report.table.outcome).toMatchObject({ status: 'won' });
    expect(report.table.heard).toBe(report.table.events);
  });
});
