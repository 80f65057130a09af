/**
 * The built `madang serve` checks its ratings against its recordings at start (issue 43.2): a
 * ledger that lacks a game is said in one line and rebuilt, the same file the hall wrote while the
 * games were played; a second start finds them equal and says nothing; and the built
 * `madang ratings` over the same data directory prints the server's numbers.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ratingsJson } from '../../source/cli/ratings.js';
import { FileRatings } from '../../source/serve/ratings/store.js';
import { sixRatedGames } from '../support/rated-games.js';
import { startServed } from '../support/served.js';
import { CLI } from '../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-serve-ratings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('madang serve and its ratings file', () => {
  it('a ledger lacking a game is said at start and rebuilt; then equal, and said no more', async () => {
    await sixRatedGames(dir);
    const played = readFileSync(join(dir, 'ratings.json'), 'utf8');
    const file = join(dir, 'server', 'ratings.json');
    mkdirSync(join(dir, 'server'), { recursive: true });
    const lines = played.split('\n');
    // The third game's line dropped (the last game's line ends without a comma: not this one).
    writeFileSync(file, [...lines.slice(0, 3), ...lines.slice(4)].join('\n'));

    const first = await startServed(dir);
    await first.kill('SIGTERM');
    expect(first.printed()).toContain(
      `madang: ${file}: the ratings did not match the recordings in ${join(dir, 'recordings')} (5 games kept, 6 in the recordings): rebuilt from the recordings`,
    );
    expect(readFileSync(file, 'utf8')).toBe(played);

    const second = await startServed(dir);
    await second.kill('SIGTERM');
    expect(second.printed()).not.toContain('did not match');
    expect(readFileSync(file, 'utf8')).toBe(played);

    const run = spawnSync(process.execPath, [CLI, 'ratings', '--json', '--data-dir', dir], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as { rated: number; games: unknown };
    expect(printed.rated).toBe(6);
    const kept = new FileRatings(file, (problem) => {
      throw new Error(problem);
    });
    expect(printed.games).toEqual(ratingsJson(kept.ratings()));
  });
});
