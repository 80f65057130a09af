/**
 * A rated game, its ratings and its rematch with real clients (issue 43, item 6): the built
 * `madang serve` on a free port of 127.0.0.1 (seed 10, its own data directory), and two people
 * with OpenSSH's ssh in tmux at 80×24, each with a key of their own. Ann makes a rated table of
 * Ur with two stones and Bo joins it from the lobby; they play it to its end by keys (Space
 * rolls, Enter moves the stone offered: with seed 10, Ann wins in 38 keys). Each end screen
 * tells both changes; both press w and are at a new rated table of the same game, the seats
 * turned; the lobby and its leaderboard show the new ratings; and once the server is stopped,
 * `madang ratings` over its recordings folder prints the very numbers the players saw.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSsh, openssh, sshKey } from '../support/openssh.js';
import { type Served, startServed } from '../support/served.js';
import { CLI, hasTmux, type Terminal } from '../support/tmux.js';

/** Seed 10: Ur with two stones, each player moving the stone offered, is over in 38 keys. */
const SEED = 10;
const SIZE = { columns: 80, rows: 24 };
const dir = mkdtempSync(join(tmpdir(), 'madang-rated-rematch-'));
const data = join(dir, 'data');
const recordings = join(data, 'recordings');
let server: Served | undefined;
const terminals: Terminal[] = [];

interface Person {
  readonly name: 'Ann' | 'Bo';
  readonly terminal: Terminal;
}

/** A new key signs in: asked its name, then in the lobby. */
async function signIn(name: Person['name']): Promise<Person> {
  const terminal = openssh(
    (server as Served).port,
    sshKey(dir, name.toLowerCase()),
    'madang',
    SIZE,
  );
  terminals.push(terminal);
  await terminal.waitFor('Your key is new here');
  terminal.sendRaw(name);
  await terminal.keys('Enter');
  await terminal.waitFor(`the lobby · you are ${name}`);
  return { name, terminal };
}

/** The turn line of a play screen: who, which side, and what is due. */
const TURN = /▶ (Ann|Bo) \((White|Black)\) to (roll|move)/;
const WON = /★ (Ann|Bo) \((White|Black)\) wins! ★/;

/**
 * Both play by keys until both screens show the end: whoever's own screen says it is their turn
 * presses Space to roll or Enter to move the stone offered, and the next key waits for the
 * screen that key led to. Fails after `ms`, or after `keys` keys, showing both screens.
 */
async function playToTheEnd(people: readonly Person[], keys: number, ms: number): Promise<number> {
  const end = Date.now() + ms;
  let pressed = 0;
  const screens = () =>
    people.map(({ name, terminal }) => `${name}'s screen:\n${terminal.screen()}`).join('\n');
  for (;;) {
    if (people.every(({ terminal }) => WON.test(terminal.screen()))) return pressed;
    if (Date.now() > end || pressed > keys)
      throw new Error(`the game did not end in ${ms} ms (${pressed} keys); ${screens()}`);
    const acting = people.find(({ name, terminal }) => TURN.exec(terminal.screen())?.[1] === name);
    if (!acting) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    // The screen whole (a frame is written in pieces), still this player's turn.
    const before = await acting.terminal.waitFor(TURN, Math.max(1000, end - Date.now()));
    const [, name, , due] = TURN.exec(before) as RegExpExecArray;
    if (name !== acting.name) continue;
    await acting.terminal.keys(due === 'roll' ? 'Space' : 'Enter');
    pressed++;
    // The screen the key led to (the roll, the move, or the end): never the one it was pressed on.
    await acting.terminal.waitForNew(/▶|★/, before, Math.max(1000, end - Date.now()));
  }
}

/** `Ann 1,500? → 1,626? (+126)`: a player's change as the table's log says it at the end. */
const CHANGE = /(Ann|Bo) (\d,\d{3}\??) → (\d,\d{3}\??) \(([+−]\d+)\)/g;

function changes(screen: string): Map<string, { before: string; after: string; delta: string }> {
  return new Map(
    [...screen.matchAll(CHANGE)].map(([, name, before, after, delta]) => [
      name as string,
      { before: before as string, after: after as string, delta: delta as string },
    ]),
  );
}

/** Text as a regular expression matches it (a rating's `?`). */
const literally = (text: string) => text.replace(/[?()]/g, '\\$&');

/** A shown rating as a number: `1,626?` → 1626. */
const points = (shown: string) => Number(shown.replace(/[,?]/g, ''));

describe.runIf(hasTmux && hasSsh)('a rated game over OpenSSH: its ratings and its rematch', () => {
  beforeAll(async () => {
    server = await startServed(data, 30_000, SEED);
  });

  afterAll(async () => {
    for (const terminal of terminals) terminal.close();
    await server?.kill('SIGKILL');
  });

  it('Ann and Bo play rated Ur to its end, see their ratings change, rematch with w, and madang ratings agrees', async () => {
    const ann = await signIn('Ann');
    const bo = await signIn('Bo');

    // Ann makes a rated table of Ur (the game's own setup, two stones a side).
    await ann.terminal.keys('n');
    await ann.terminal.waitFor('A new rated table: which game?');
    await ann.terminal.keys('2');
    await ann.terminal.waitFor('Royal Game of Ur · new game');
    await ann.terminal.keys('Down', 'Down', 'Down', 'Down');
    await ann.terminal.waitFor('▸ Stones');
    await ann.terminal.keys('Left', 'Left', 'Left', 'Left', 'Left');
    await ann.terminal.waitFor('◀ 2 each ▶');
    await ann.terminal.keys('Down');
    await ann.terminal.waitFor('▸ Start the game');
    await ann.terminal.keys('Enter');
    const waiting = await ann.terminal.waitFor(/Royal Game of Ur · table (\w{4}) · waiting/);
    const code = /table (\w{4}) · waiting/.exec(waiting)?.[1] as string;
    expect(waiting).toContain('2 stones, a rosette rolls again · rated');
    expect(waiting).toContain('Seat 1: Ann (you)');
    expect(waiting).toContain('Seat 2: open');

    // Bo finds it in the lobby, rated, Ann a newcomer at 1,500?, and sits in the open seat.
    const lobby = await bo.terminal.waitFor(`${code} Royal Game of Ur waiting`);
    expect(lobby).toMatch(new RegExp(`${code} Royal Game of Ur waiting +\\d:\\d\\d · rated`));
    expect(lobby).toContain('Ann (1,500?), (open) · 2 stones');
    await bo.terminal.keys('Enter');
    for (const { name, terminal } of [ann, bo]) {
      const screen = await terminal.waitFor('▶ Ann (White) to roll');
      expect(screen).toContain(
        `table ${code} · c chat · you are ${name}, seat ${name === 'Ann' ? 1 : 2}`,
      );
      expect(screen).toMatch(/White +Ann +waiting 2 +off 0\/2/);
      expect(screen).toMatch(/Black +Bo +waiting 2 +off 0\/2/);
    }

    // 38 keys, each waiting for two screens whole in tmux over ssh: about 15 s on an idle
    // machine, and several times that on two loaded cores.
    const pressed = await playToTheEnd([ann, bo], 60, 120_000);
    expect(pressed).toBe(38);

    // The end: Ann won, and each end screen tells both changes, the same on both.
    const seen = new Map<string, ReturnType<typeof changes>>();
    for (const { name, terminal } of [ann, bo]) {
      const screen = await terminal.waitFor(
        /Rated game: the ratings change\.(?=[\s\S]*Ann 1,500\? →)(?=[\s\S]*Bo 1,500\? →)/,
      );
      expect(screen).toContain('★ Ann (White) wins! ★');
      expect(screen).toMatch(/White +Ann +waiting 0 +off 2\/2/);
      expect(screen).toContain('w rematch');
      seen.set(name, changes(screen));
    }
    const told = seen.get('Ann') as ReturnType<typeof changes>;
    expect(seen.get('Bo')).toEqual(told);
    expect([...told.keys()].sort()).toEqual(['Ann', 'Bo']);
    for (const [name, change] of told) {
      // Two newcomers: 1,500? each before; the winner up, the loser down by as much.
      expect(change.before).toBe('1,500?');
      const delta = Number(change.delta.replace('−', '-'));
      expect(points(change.after) - points(change.before)).toBe(delta);
      expect(Math.sign(delta)).toBe(name === 'Ann' ? 1 : -1);
    }
    expect(told.get('Ann')?.delta.slice(1)).toBe(told.get('Bo')?.delta.slice(1));
    const after = new Map([...told].map(([name, change]) => [name, change.after]));
    const annAfter = after.get('Ann') as string;
    const boAfter = after.get('Bo') as string;

    // A rematch in one key: Ann asks, Bo's screen offers it, Bo agrees.
    await ann.terminal.keys('w');
    await bo.terminal.waitFor('rematch asked: w agree');
    // (The log's line, wrapped at 80 columns: "… the seats turned: w" and "agrees." below.)
    await bo.terminal.waitFor('Ann asks for a rematch, the seats turned: w');
    await ann.terminal.waitFor('rematch: waiting for Bo');
    await bo.terminal.keys('w');
    // Both at a new table of the same game, the seats turned: Bo White and first to roll.
    const boThere = await bo.terminal.waitFor(/table (\w{4}) · c chat · you are Bo, seat 1/);
    const again = /table (\w{4}) · c chat · you are Bo, seat 1/.exec(boThere)?.[1] as string;
    expect(again).not.toBe(code);
    const annThere = await ann.terminal.waitFor(`table ${again} · c chat · you are Ann, seat 2`);
    for (const screen of [boThere, annThere]) {
      expect(screen).toContain('▶ Bo (White) to roll');
      expect(screen).toMatch(/White +Bo +waiting 2 +off 0\/2/);
      expect(screen).toMatch(/Black +Ann +waiting 2 +off 0\/2/);
    }
    // Back in the lobby: both tables, rated, each player's new rating beside their name.
    for (const { terminal } of [ann, bo]) {
      await terminal.keys('q');
      await terminal.waitFor('Quit this game?');
      await terminal.keys('y');
    }
    for (const { name, terminal } of [ann, bo]) {
      const rematchRow = `Bo (${boAfter}) (away), Ann (${annAfter}) (away) · 2 stones`;
      const rows = await terminal.waitFor(rematchRow);
      expect(rows).toContain(`you are ${name}`);
      expect(rows).toMatch(new RegExp(`${code} Royal Game of Ur over +\\d:\\d\\d · rated`));
      expect(rows).toContain(`Ann (${annAfter}), Bo (${boAfter}) · 2 stones`);
      expect(rows).toMatch(new RegExp(`${again} Royal Game of Ur running +\\d:\\d\\d · rated`));
      // The rematch's row is the line under its own: Bo first now, both away.
      expect(rows).toMatch(
        new RegExp(`${again} Royal Game of Ur running.*\\n.*${literally(rematchRow)}`),
      );
    }
    // The leaderboard's page of Ur (r, then → from Yut Nori): the same numbers, Ann first.
    await ann.terminal.keys('r');
    await ann.terminal.waitFor('madang · ratings · Yut Nori');
    await ann.terminal.keys('Right');
    const board = await ann.terminal.waitFor('madang · ratings · Royal Game of Ur · 2 players');
    const leaders = [
      ...board.matchAll(/│ +(\d) +(Ann|Bo) +(\d,\d{3}\??) +(\d+) +(\d+)\/(\d+)\/(\d+)/g),
    ];
    expect(
      leaders.map(([, place, name, rating, games, won, lost, drawn]) => [
        place,
        name,
        rating,
        games,
        won,
        lost,
        drawn,
      ]),
    ).toEqual([
      ['1', 'Ann', annAfter, '1', '1', '0', '0'],
      ['2', 'Bo', boAfter, '1', '0', '1', '0'],
    ]);
    expect(board).toContain(`Your place: 1 of 2, ${annAfter}`);

    // The server stopped: the one recording is the rated game's (the rematch, not yet played,
    // has none: a recording begins at its first move).
    await (server as Served).kill('SIGTERM');
    const files = readdirSync(recordings).filter((f) => f.endsWith('.jsonl'));
    expect(files).toHaveLength(1);
    const header = JSON.parse(
      readFileSync(join(recordings, files[0] as string), 'utf8').split('\n')[0] as string,
    ) as { table: string; rated: boolean; players: { name: string }[] };
    expect({
      table: header.table,
      rated: header.rated,
      players: header.players.map((p) => p.name),
    }).toEqual({ table: code, rated: true, players: ['Ann', 'Bo'] });

    // madang ratings over that folder: the very ratings the players saw.
    const run = spawnSync(process.execPath, [CLI, 'ratings', recordings], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('1 recording read, 1 rated game');
    expect(run.stdout).toContain('Royal Game of Ur: 2 players');
    const printed = [
      ...run.stdout.matchAll(/^ +(\d) +(Ann|Bo) +(\d,\d{3}\??) +(\d+) +(\d+) +(\d+) +(\d+)$/gm),
    ].map(([, place, name, rating, games, won, lost, drawn]) => [
      place,
      name,
      rating,
      games,
      won,
      lost,
      drawn,
    ]);
    expect(printed).toEqual([
      ['1', 'Ann', annAfter, '1', '1', '0', '0'],
      ['2', 'Bo', boAfter, '1', '0', '1', '0'],
    ]);
    // Two sign-ins over ssh, the game's 38 keys and the rematch: over the slow tests' 60 s on a
    // loaded machine.
  }, 240_000);
});
