/**
 * `madang serve` from its command line, in this process (cli/serve.ts): its flags checked, the
 * lines it prints, a player served over SSH, SIGINT stopping it with code 0, the host key kept
 * for the next start, and the tables running at a stop reopened from their recordings. The
 * built program with OpenSSH's own client is tested in test:slow (test/e2e/serve.e2e.test.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import { madang, Output } from '../support/command-line.js';
import { ROOT } from '../support/tmux.js';

// The server draws with Ink for its clients: Ink must not load in CI mode (main.ts clears CI
// for `madang serve` before Ink loads; this file does the same).
vi.hoisted(() => {
  process.env.CI = 'false';
  delete process.env.CONTINUOUS_INTEGRATION;
});

const players: Player[] = [];
afterEach(() => {
  for (const player of players.splice(0)) player.end();
});

const scratch = () => mkdtempSync(join(tmpdir(), 'madang-serve-cli-'));

/** Waits for the server's printed lines to include `text`; fails after `ms`, showing them. */
async function printed(out: Output, text: string, ms = 15_000): Promise<string> {
  const end = Date.now() + ms;
  while (!out.text.includes(text)) {
    if (Date.now() > end)
      throw new Error(`waited ${ms} ms for ${JSON.stringify(text)}; printed:\n${out.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return out.text;
}

/** madang serve on a free port of 127.0.0.1: the run, its output, and its port once listening. */
async function serve(dir: string, ...flags: string[]) {
  const out = new Output(false);
  const run = madang(['serve', '--port', '0', '--data-dir', dir, ...flags], {
    stdout: out,
    exits: 'return',
  });
  const text = await printed(out, 'connect: ssh -p ');
  const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(text)?.[1]);
  expect(port).toBeGreaterThan(0);
  return { run, out, port };
}

describe('madang serve (cli/serve.ts)', () => {
  it.each([
    [['--port', '70000'], '--port takes a port number, 0 to 65535 (0: any free one)'],
    [['--max-connections', '0'], '--max-connections takes a whole number, 1 or more'],
    [['--seat-hold', '-1'], '--seat-hold takes seconds (0 or more)'],
    [['--idle', '0'], '--idle takes minutes (more than 0)'],
    [['--seed', '2.5'], '--seed takes a whole number'],
  ])('refuses %j: %s', async (flags, message) => {
    const dir = scratch();
    const run = await madang(['serve', '--data-dir', dir, ...flags]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `madang: ${message}\n` });
  });

  it('says where it listens and its key, serves a player, stops on SIGINT; the key is kept', async () => {
    const dir = scratch();
    const first = await serve(dir);
    const lines = first.out.text.split('\n');
    expect(lines[1]).toBe(`host key made in ${join(dir, 'server', 'host_ed25519')}`);
    expect(lines[2]).toMatch(/^host key fingerprint: ED25519 key SHA256:\S+$/);
    expect(lines[3]).toBe(`recordings: ${join(dir, 'recordings')}`);
    const player = await connectPlayer({ port: first.port, key: newKey() });
    players.push(player);
    await player.waitFor('Welcome to madang');
    player.write('Ada\r');
    await player.waitFor('you are Ada');
    process.emit('SIGINT');
    const ended = await first.run;
    expect(ended.code).toBe(0);
    expect(ended.stdout).toContain('madang serve: SIGINT, stopping\n');
    // The player is known by the key from now on.
    expect(readFileSync(join(dir, 'server', 'players.json'), 'utf8')).toContain('Ada');

    const second = await serve(dir);
    expect(second.out.text).toContain(`host key kept in ${join(dir, 'server', 'host_ed25519')}`);
    expect(second.out.text.split('\n')[2]).toBe(lines[2]);
    process.emit('SIGTERM');
    expect((await second.run).stdout).toContain('madang serve: SIGTERM, stopping\n');
  });

  it('reopens the tables running at its stop, and says which it cannot and why', async () => {
    const dir = scratch();
    const serverDir = join(dir, 'server');
    const unfinished = join(dir, 'game.jsonl');
    writeFileSync(
      unfinished,
      readFileSync(join(ROOT, 'fixtures', 'recordings', 'unfinished.jsonl'), 'utf8'),
    );
    const finished = join(dir, 'finished.jsonl');
    writeFileSync(
      finished,
      readFileSync(join(ROOT, 'fixtures', 'recordings', 'short.jsonl'), 'utf8'),
    );
    const person = { id: 'key:test', name: 'Ethan' };
    const table = (code: string, file: string) => ({
      code,
      game: 'yut',
      file,
      options: { players: 3, pieces: 2 },
      creator: person,
      holders: [
        { kind: 'person', person },
        { kind: 'computer', level: 'random' },
        { kind: 'open' },
      ],
      covered: [],
    });
    // The first start makes the server's folder; then its tables file is written as a stop
    // would leave it.
    const made = await serve(dir);
    process.emit('SIGTERM');
    await made.run;
    writeFileSync(
      join(serverDir, 'tables.json'),
      JSON.stringify({
        tables: [
          table('abcd', unfinished),
          table('efgh', join(dir, 'gone.jsonl')),
          table('jkmn', finished),
        ],
      }),
    );
    const again = await serve(dir);
    process.emit('SIGTERM');
    const ended = await again.run;
    expect(ended.stderr).toContain(`madang: table abcd (Yut Nori) reopened from ${unfinished}\n`);
    expect(ended.stderr).toMatch(/madang: warning: table efgh not reopened: .*gone\.jsonl/);
    // A finished game is not a table to reopen, and not a warning either.
    expect(ended.stderr).not.toContain('jkmn');

    writeFileSync(join(serverDir, 'tables.json'), '{ not json');
    const broken = await serve(dir);
    process.emit('SIGTERM');
    expect((await broken.run).stderr).toMatch(
      /madang: warning: .*tables\.json: .*; no table reopened\n/,
    );
  });
});
