/**
 * madang serve --redis for real: a redis-server on a free port of 127.0.0.1, three built
 * servers on three ports sharing it. Ann plays with OpenSSH in tmux on the first, Bo with an ssh2
 * client on the second, Cy watches from the third; then the first (which runs the table) is
 * killed with SIGKILL: the table is taken over, Ann comes back through the third server to her
 * seat, and the throws go on from the seed where they were (seed 382: gae, geol, gae, gae, as
 * on one server, so Bo's catch comes as it does there). The streams and every recording verify.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

const hasSsh =
  spawnSync('ssh', ['-V']).status === 0 && spawnSync('ssh-keygen', ['-?']).error === undefined;

const dir = mkdtempSync(join(tmpdir(), 'madang-serve-redis-'));
const terminals: Terminal[] = [];
const players: Player[] = [];

interface Server {
  readonly child: ChildProcess;
  readonly port: number;
  readonly data: string;
  printed(): string;
}

async function startServer(url: string, name: string): Promise<Server> {
  const data = join(dir, name);
  let printed = '';
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', data, '--seed', '382', '--bot-delay', '0'].concat([
      '--redis',
      url,
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const end = Date.now() + 20_000;
  while (!/listening on 127\.0\.0\.1:(\d+)/.test(printed) && Date.now() < end)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const found = /listening on 127\.0\.0\.1:(\d+)/.exec(printed);
  if (!found) throw new Error(`madang serve --redis did not start: ${printed}`);
  return { child, port: Number(found[1]), data, printed: () => printed };
}

function key(name: string): string {
  const file = join(dir, name);
  spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
  return file;
}

const SSH = [
  '-o StrictHostKeyChecking=no',
  '-o UserKnownHostsFile=/dev/null',
  '-o IdentitiesOnly=yes',
  '-o BatchMode=yes',
  '-o LogLevel=ERROR',
].join(' ');

function openssh(keyFile: string, port: number, user = 'madang'): Terminal {
  const terminal = new Terminal(`ssh -t ${SSH} -i ${keyFile} -p ${port} ${user}@127.0.0.1`);
  terminals.push(terminal);
  return terminal;
}

async function ssh2(port: number, privateKey: string, user = 'madang'): Promise<Player> {
  const player = await connectPlayer({ port, key: privateKey, user, columns: 100, rows: 30 });
  players.push(player);
  return player;
}

const recordings = (server: Server) => {
  const folder = join(server.data, 'recordings');
  try {
    return readdirSync(folder)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => join(folder, f));
  } catch {
    return [];
  }
};

const verify = (...files: string[]) =>
  spawnSync(process.execPath, [CLI, 'verify', ...files], { encoding: 'utf8' });

describe.runIf(hasTmux && hasSsh && hasRedis)(
  'madang serve --redis: three servers, one Redis',
  () => {
    let redis: RedisServer;
    const servers: Server[] = [];

    beforeAll(async () => {
      redis = await startRedis();
      for (const name of ['one', 'two', 'three']) servers.push(await startServer(redis.url, name));
    });

    afterAll(async () => {
      for (const terminal of terminals) terminal.close();
      for (const player of players) player.end();
      for (const server of servers) server.child.kill('SIGKILL');
      await redis?.stop();
    });

    it('players on three servers at one table; the runner killed, the table goes on elsewhere', async () => {
      const [one, two, three] = servers as [Server, Server, Server];
      const annKey = key('ann');

      // Ann, with OpenSSH, makes a Yut table on the first server.
      const ann = openssh(annKey, one.port);
      await ann.waitFor('Your key is new here');
      ann.sendRaw('Ann');
      await ann.keys('Enter');
      await ann.waitFor('you are Ann');
      await ann.keys('n');
      await ann.waitFor('which game?');
      await ann.keys('Enter');
      await ann.waitFor('Start the game');
      await ann.keys('Up', 'Enter');
      const waiting = await ann.waitFor(/table (\w{4}) · waiting for players/);
      const code = /table (\w{4}) · waiting/.exec(waiting)?.[1] as string;

      // Bo, with ssh2, on the second server: the first's table is in its lobby, and he sits.
      const bo = await ssh2(two.port, newKey());
      await bo.waitFor('Your key is new here');
      bo.write('Bo\r');
      await bo.waitFor(`${code} Yut Nori`);
      bo.write('\r');
      await bo.waitFor('▶ R Ann to throw');
      await ann.waitFor('▶ R Ann to throw');

      // Cy watches from the third.
      const cy = await ssh2(three.port, newKey(), code);
      await cy.waitFor('Your key is new here');
      cy.write('Cy\r');
      await cy.waitFor('▶ R Ann to throw');
      await cy.waitFor('watching');
      cy.write(' ');
      await cy.waitFor('You are watching: only the players move.');
      bo.write(' ');
      await bo.waitFor("It is Ann's turn.");

      await ann.keys('Space');
      await ann.waitFor('Ann threw gae.');
      await ann.keys('Enter');
      await bo.waitFor('Ann moved a new piece to 2 with gae.');
      await cy.waitFor('Ann moved a new piece to 2 with gae.');
      // A chat line from the second server reaches the first and the third.
      bo.write('c');
      await bo.waitFor('Say:');
      bo.write('good one\r');
      await ann.waitFor('Bo: good one');
      await cy.waitFor('Bo: good one');
      bo.write(' ');
      await bo.waitFor('Bo threw geol.');
      bo.write('\r');
      await ann.waitFor('Bo moved a new piece to 3 with geol.');
      await cy.waitFor('Bo moved a new piece to 3 with geol.');

      // The first server runs the table: killed. Another takes it over within 10 s.
      const killed = Date.now();
      one.child.kill('SIGKILL');
      await cy.waitFor('The server that ran this table stopped', 10_000);
      const failover = Date.now() - killed;
      expect(failover).toBeLessThan(10_000);
      expect(two.printed() + three.printed()).toMatch(
        new RegExp(`table ${code} taken over at entry \\d+ \\(2 throws drawn again\\)`),
      );

      // Ann comes back through the third server, with the same key: straight to her seat.
      ann.close();
      const back = openssh(annKey, three.port);
      await back.waitFor('▶ R Ann to throw');
      await bo.waitFor('Ann is back.');
      // The throws go on where they were: the seed's third is gae, as on one server.
      await back.keys('Space');
      await back.waitFor('Ann threw gae.');
      await back.keys('Enter');
      await bo.waitFor('Ann stacked: 2 pieces move together at 2.');
      bo.write(' ');
      await bo.waitFor('Bo threw gae.');
      bo.write('\r');
      const caught = "Bo caught Ann's stack of 2 at 2: throws again.";
      await bo.waitFor(caught);
      await back.waitFor(caught);
      await cy.waitFor(caught);

      // madang export: the stream as a recording, which verifies with every event in it.
      const exported = join(dir, 'exported.jsonl');
      const made = spawnSync(
        process.execPath,
        [CLI, 'export', code, '--redis', redis.url, '--out', exported],
        { encoding: 'utf8' },
      );
      expect(made.status).toBe(0);
      const checked = verify(exported);
      expect(checked.status).toBe(0);
      expect(checked.stdout).toContain('yut, 2 players (Ann, Bo), 8 events, unfinished');
      // The killed runner's recording (to the kill) and the new runner's (from the start) verify.
      const files = [...recordings(one), ...recordings(two), ...recordings(three)];
      expect(files).toHaveLength(2);
      expect(verify(...files).status).toBe(0);
      const newest = files.map((f) => readFileSync(f, 'utf8').trim().split('\n').length);
      expect(Math.max(...newest)).toBe(readFileSync(exported, 'utf8').trim().split('\n').length);
      console.log(`failover: ${failover} ms`);
    }, 120_000);
  },
);
