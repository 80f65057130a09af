/**
 * The server's files when they go wrong, with the built program and ssh2 clients: a players'
 * file that cannot be written when a new player registers (its folder replaced by a file, as a
 * full or failed disk would refuse it) tells that player why and changes nothing, and the server
 * and the others go on; a tables.json or players.json that is not what the server writes gets
 * one line naming the file and what is wrong, is moved aside (never overwritten), and the server
 * starts and serves.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/tmux.js';
import { savedTable, type Served, tracked } from '../support/served.js';

const { served, player } = tracked();

/** A data directory whose server folder holds `name` with `text`. */
function dataWith(name: string, text: string): string {
  const data = mkdtempSync(join(tmpdir(), 'madang-serve-files-'));
  mkdirSync(join(data, 'server'));
  writeFileSync(join(data, 'server', name), text);
  return data;
}

/** The files moved aside from `name` in the server folder, with what they hold. */
function aside(data: string, name: string): string[] {
  return readdirSync(join(data, 'server'))
    .filter((f) => f.startsWith(`${name}.bad-`))
    .map((f) => readFileSync(join(data, 'server', f), 'utf8'));
}

/** The warning lines the server printed (each stamped with its time, the stamp taken off). */
const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /;
const warnings = (server: Served) =>
  server
    .printed()
    .split('\n')
    .filter((line) => STAMP.test(line))
    .map((line) => line.replace(STAMP, ''))
    .filter((line) => line.startsWith('madang: warning:'));

/** The names a players' file keeps, in its order. */
const names = (file: string): string[] =>
  Object.values(
    (JSON.parse(readFileSync(file, 'utf8')) as { players: Record<string, { name: string }> })
      .players,
  ).map((p) => p.name);

describe("the players' file", () => {
  it('a write that fails when a new player registers tells that player why and changes nothing; the server and the others go on', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-serve-files-'));
    const server = await served(data);
    const ann = await player(server.port, 'Ann');
    await ann.player.waitFor('you are Ann');
    // The server's folder is replaced by a file: every write into it fails (ENOTDIR).
    const folder = join(data, 'server');
    renameSync(folder, `${folder}.kept`);
    writeFileSync(folder, 'not a folder');
    const bo = await player(server.port, 'Bo');
    await bo.player.waitFor('The server could not keep your name (ENOTDIR): try again later.');
    expect(server.exited()).toBeUndefined();
    ann.player.write('n');
    await ann.player.waitFor('which game?');
    // Nothing changed: Bo is not known, and once the folder is back his name is taken.
    rmSync(folder);
    renameSync(`${folder}.kept`, folder);
    // By the names kept: a random key of Ann's may hold the letters "Bo" (CI once drew one).
    expect(names(join(folder, 'players.json'))).toEqual(['Ann']);
    bo.player.write('\r');
    await bo.player.waitFor('you are Bo');
    expect(names(join(folder, 'players.json'))).toEqual(['Ann', 'Bo']);
    expect(server.printed()).toMatch(/madang: warning: .*players\.json: ENOTDIR/);
  }, 120_000);

  it.each([
    ['{"players": [1, 2]}', /players\.json: "players" is not an object of keys/],
    [
      '{"players": {"SHA256:x": null}}',
      /players\.json: line 1: player SHA256:x is not a name, key and date/,
    ],
    [
      '{"players": {"SHA256:x": {"name": 5, "key": "k", "since": "s"}}}',
      /players\.json: line 1: player SHA256:x is not a name, key and date/,
    ],
    ['{ "players": {', /players\.json: line 1: not JSON \(Expected property name or '}'\)/],
    ['null', /players\.json: not a players' file/],
  ])(
    '%s: one line, moved aside, and the server serves a new name',
    async (text, said) => {
      const data = dataWith('players.json', text);
      const server = await served(data);
      const lines = warnings(server);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(said);
      expect(lines[0]).toMatch(/moved aside to .*players\.json\.bad-\S+$/);
      expect(aside(data, 'players.json')).toEqual([text]);
      const gil = await player(server.port, 'Gil');
      await gil.player.waitFor('you are Gil');
      expect(server.exited()).toBeUndefined();
    },
    60_000,
  );

  it('keeps the good players of a file with a bad one', async () => {
    const good = { name: 'Ann', key: 'ssh-ed25519 AAAA', since: '2026-01-01T00:00:00.000Z' };
    const text = `${JSON.stringify({ players: { 'SHA256:ann': good, 'SHA256:bad': [1] } }, null, 2)}\n`;
    const data = dataWith('players.json', text);
    const server = await served(data);
    expect(warnings(server)).toEqual([
      expect.stringMatching(
        /players\.json: line 8: player SHA256:bad is not a name, key and date; moved aside to .*players\.json\.bad-\S+, 1 player kept$/,
      ),
    ]);
    expect(JSON.parse(readFileSync(join(data, 'server', 'players.json'), 'utf8'))).toEqual({
      players: { 'SHA256:ann': good },
    });
    const other = await player(server.port, 'ann');
    await other.player.waitFor('ann is taken: choose another name.');
  }, 60_000);
});

describe("the hall's file (tables.json)", () => {
  const unfinished = () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-serve-files-'));
    const file = join(data, 'game.jsonl');
    writeFileSync(file, readFileSync(join(ROOT, 'fixtures', 'recordings', 'unfinished.jsonl')));
    return { data, file };
  };
  const entry = savedTable;

  it.each([
    ['{"tables": 5}', /tables\.json: "tables" is not a list/],
    ['[null]', /tables\.json: not a tables' file/],
    ['{"tables": [null]}', /tables\.json: line 1: table 1 is not a table/],
    ['{ not json', /tables\.json: line 1: not JSON \(Expected property name or '}'\)/],
  ])(
    '%s: one line, moved aside, and the server starts',
    async (text, said) => {
      const data = dataWith('tables.json', text);
      const server = await served(data);
      const lines = warnings(server);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(said);
      expect(lines[0]).toMatch(/moved aside to .*tables\.json\.bad-\S+; no table reopened$/);
      expect(aside(data, 'tables.json')).toEqual([text]);
      const hal = await player(server.port, 'Hal');
      await hal.player.waitFor('you are Hal');
    },
    60_000,
  );

  it('a file cut short is moved aside, not overwritten at the first change: its tables are there to mend', async () => {
    const { data, file } = unfinished();
    const whole = JSON.stringify({ tables: [entry('abcd', file)] });
    const cut = whole.slice(0, whole.length - 20);
    mkdirSync(join(data, 'server'));
    writeFileSync(join(data, 'server', 'tables.json'), cut);
    const server = await served(data);
    expect(warnings(server)).toEqual([
      expect.stringMatching(
        /tables\.json: line 1: not JSON .*; moved aside to .*; no table reopened$/,
      ),
    ]);
    // A change of the hall (a table made) writes the file: the cut one is still aside.
    const ivy = await player(server.port, 'Ivy');
    await ivy.player.waitFor('you are Ivy');
    ivy.player.write('n');
    await ivy.player.waitFor('which game?');
    expect(aside(data, 'tables.json')).toEqual([cut]);
  }, 60_000);

  it('a table of a game this server has not is said, and the others reopen', async () => {
    const { data, file } = unfinished();
    const text = `${JSON.stringify({ tables: [entry('zzzz', file, 'chess'), entry('abcd', file)] }, null, 2)}\n`;
    mkdirSync(join(data, 'server'));
    writeFileSync(join(data, 'server', 'tables.json'), text);
    const server = await served(data);
    expect(warnings(server)).toEqual([
      expect.stringMatching(
        /tables\.json: line 4: table 1 \(zzzz\) is of a game this server has not \(chess\); moved aside to .*tables\.json\.bad-\S+$/,
      ),
    ]);
    expect(server.printed()).toContain(`madang: table abcd (Yut Nori) reopened from ${file}`);
    expect(aside(data, 'tables.json')).toEqual([text]);
    expect(existsSync(join(data, 'server', 'tables.json'))).toBe(true);
  }, 60_000);
});
