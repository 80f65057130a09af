/**
 * The server's ratings equal `madang ratings` over its recordings folder (issue 43.2): real
 * tables of the server's hall, recorded into a real folder by the session factory, played to
 * their end; the ledger file read back after a restart; and a ledger that differs from the
 * recordings said at start and rebuilt.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import type { Person } from '../../source/serve/hall.js';
import { FileRatings } from '../../source/serve/ratings/store.js';
import { RATED_LINE } from '../../source/serve/ratings/served.js';
import { ratings as ratingsCommand, ratingsJson } from '../../source/cli/ratings.js';
import { gather } from '../../source/ratings/recordings.js';
import { leaderboard } from '../../source/ratings/rating.js';
import { ANN, BO, CY, lookup, server, settled } from '../support/rated-games.js';

const game = (id: string) => GAMES.find((g) => g.id === id) as AnyGameModule;
const GUEST: Person = { id: 'guest:7', name: 'Gus' };

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function recomputed(dir: string) {
  const out: string[] = [];
  const code = await ratingsCommand(
    { paths: [join(dir, 'recordings')], json: true },
    lookup,
    (id) => id,
    (line) => out.push(line),
    (line) => out.push(`err ${line}`),
  );
  expect(code).toBe(0);
  return JSON.parse(out.join('\n')) as { rated: number; games: Record<string, unknown> };
}

describe("the server's ratings and madang ratings", () => {
  const dir = mkdtempSync(join(tmpdir(), 'madang-ratings-'));
  dirs.push(dir);
  const { store, table, playOut } = server(dir);
  const heard: string[] = [];

  it('rated games count; casual and unfinished games do not, and guests sit only at casual tables; each end says the changes', async () => {
    for (let i = 0; i < 4; i++) {
      const t = table('ur', i % 2 ? [ANN, BO] : [BO, CY], {}, ['human', 'human']);
      t.lines((line) => heard.push(line));
      playOut(t, [ANN, BO, CY]);
      expect(t.table?.outcome.status).not.toBe('running');
    }
    const three = table('yut', [ANN, BO, CY], { players: 3, pieces: 2 }, [
      'human',
      'human',
      'human',
    ]);
    playOut(three, [ANN, BO, CY]);
    const computer = table('ur', [CY], {}, ['human', 'random']);
    playOut(computer, [CY]);
    // Not counted: a casual table, a game left running, a guest's.
    playOut(table('ur', [ANN, BO], {}, ['human', 'human'], false), [ANN, BO]);
    playOut(table('ur', [ANN, CY], {}, ['human', 'human']), [ANN, CY], 30);
    // A guest has no rating: a rated table does not seat one.
    expect(table('ur', [CY], {}, ['human', 'human']).sit(GUEST)).toBe(
      'This table is rated, and a guest has no rating: you may watch.',
    );
    await settled();

    const ledger = JSON.parse(readFileSync(join(dir, 'ratings.json'), 'utf8')) as {
      games: unknown[];
    };
    expect(ledger.games).toHaveLength(6);
    expect(heard).toContain(RATED_LINE);
    expect(
      heard.filter((l) => /^(Ann|Bo|Cy) 1,\d{3}\?? → \d,\d{3}\?? \([+−]\d+\)$/.test(l)),
    ).toHaveLength(8);
    const ours = ratingsJson(store.ratings());
    expect(Object.keys(ours)).toEqual(['ur', 'yut']);
    expect((ours.ur as { id: string }[]).map((s) => s.id)).toContain('computer:random');
  });

  it('equal, bit for bit, to madang ratings over the recordings folder', async () => {
    const again = await recomputed(dir);
    expect(again.rated).toBe(6);
    expect(again.games).toEqual(ratingsJson(store.ratings()));
    // Two runs of the command: the same text.
    expect(JSON.stringify(await recomputed(dir))).toBe(JSON.stringify(again));
  });

  it('the text form: each game best first; a damaged recording named by its line, not counted', async () => {
    const folder = join(dir, 'recordings');
    const [first] = readdirSync(folder)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
    const copy = join(dir, 'damaged.jsonl');
    const lines = readFileSync(join(folder, first as string), 'utf8').split('\n');
    lines[3] = '{"type":"ur/moved","from":99}';
    writeFileSync(copy, lines.join('\n'));
    const out: string[] = [];
    const err: string[] = [];
    const code = await ratingsCommand(
      { paths: [folder, copy], game: 'ur' },
      lookup,
      (id) => game(id).title,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(new RegExp(`^warning: ${copy}:4: .+; not counted$`));
    expect(out[0]).toMatch(/^\d+ recordings read, 5 rated games$/);
    expect(out).toContain('Royal Game of Ur: 4 players');
    const rows = out.filter((l) => /^ {3}\d {2}/.test(l));
    expect(rows.map((l) => l.slice(6, 30).trim())).toEqual(
      leaderboard(store.ratings().get('ur')).map((s) => s.name),
    );
    expect(rows.join('\n')).toContain('computer (random)');
  });

  it('survive a restart: the ledger read back folds to the same ratings', () => {
    const restarted = new FileRatings(join(dir, 'ratings.json'), (problem) => {
      throw new Error(problem);
    });
    expect(ratingsJson(restarted.ratings())).toEqual(ratingsJson(store.ratings()));
  });

  it('a ledger that lacks a game of the recordings is said at start and rebuilt', async () => {
    const file = join(dir, 'ratings.json');
    const full = readFileSync(file, 'utf8');
    const lines = full.split('\n');
    // The second game's line dropped (and the comma of the line before it mended).
    writeFileSync(file, [...lines.slice(0, 2), ...lines.slice(3)].join('\n'));
    const warned: string[] = [];
    const restarted = new FileRatings(file, (p) => warned.push(p));
    expect(warned).toEqual([]);
    expect(ratingsJson(restarted.ratings())).not.toEqual(ratingsJson(store.ratings()));
    const found = await gather([join(dir, 'recordings')], lookup);
    const said = await restarted.check(found.games, join(dir, 'recordings'));
    expect(said).toBe(
      `${file}: the ratings did not match the recordings in ${join(dir, 'recordings')} (5 games kept, 6 in the recordings): rebuilt from the recordings`,
    );
    expect(ratingsJson(restarted.ratings())).toEqual(ratingsJson(store.ratings()));
    expect(readFileSync(file, 'utf8')).toBe(full);
    expect(await restarted.check(found.games, 'here')).toBeUndefined();
  });

  it('a damaged ledger is said with its file and line, moved aside, and rebuilt', async () => {
    const file = join(dir, 'ratings.json');
    const full = readFileSync(file, 'utf8');
    writeFileSync(file, full.replace('"ranks":[', '"ranks":["x",'));
    const warned: string[] = [];
    const restarted = new FileRatings(
      file,
      (p) => warned.push(p),
      () => new Date(0),
    );
    expect(warned).toEqual([
      `${file}: line 2: game 1 is not a rated game; moved aside to ${file}.bad-1970-01-01T00-00-00-000Z; rebuilt from the recordings`,
    ]);
    const found = await gather([join(dir, 'recordings')], lookup);
    await restarted.check(found.games, 'here');
    expect(readFileSync(file, 'utf8')).toBe(full);
  });
});
