/**
 * The attacks on madang serve's limits (issue 45), kept: a thousand TCP connections that never
 * send a byte (in this process, and against the built program under a 1,024-file limit, where
 * they once locked out 10 of 12 players), a thousand session channels over four connections
 * without a key beside a seated player, two hundred connections without a key at once. The server runs in this process on
 * 127.0.0.1; the attacker connects from 127.0.0.2 (another address to the server), the players
 * from 127.0.0.1. Each case prints its tries and failures, bounded in count and time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import { LIMITS, type Running } from '../../source/serve/server.js';
import { type Silent, serveHere, silentSockets } from '../support/serve.js';
import { CLI } from '../support/tmux.js';

// As in abuse.fresh.test.ts: Ink in this process must not be in its CI mode.
vi.hoisted(() => {
  process.env.CI = 'false';
  delete process.env.CONTINUOUS_INTEGRATION;
});

const figures: string[] = [];
afterAll(() => {
  for (const line of figures) console.log(line);
});

let running: Running | undefined;
const players: Player[] = [];
const floods: Silent[] = [];
const programs: ChildProcess[] = [];
afterEach(async () => {
  for (const player of players.splice(0)) player.end();
  for (const flood of floods.splice(0)) flood.destroy();
  for (const program of programs.splice(0)) program.kill('SIGKILL');
  await running?.close();
  running = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The heap measured after a full collection, or it says more of the last test's garbage than
// of what is held now (node's gc, reached without --expose-gc on the command line).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function heap() {
  gc();
  return process.memoryUsage().heapUsed;
}
const megabytes = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / (1 << 20)).toFixed(1)} MB`;

/** A new key served as before: its name asked, then the lobby; the problem if not. */
async function served(port: number, name: string): Promise<string | undefined> {
  try {
    const player = await connectPlayer({ port, key: newKey() });
    players.push(player);
    await player.waitFor('Welcome to madang', 20_000);
    player.write(`${name}\r`);
    await player.waitFor(`you are ${name}`, 20_000);
    player.write('n');
    await player.waitFor('which game?', 20_000);
    return undefined;
  } catch (error) {
    return `${name}: ${(error as Error).message.slice(0, 200)}`;
  }
}

/** The 95th percentile of a list of milliseconds. */
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)] ?? NaN;

describe('madang serve: attacks on its limits', () => {
  it('silent sockets: a thousand from one address hold no more than its limit, each closed after the time for a handshake; players from elsewhere are served meanwhile', async () => {
    running = await serveHere();
    const { port } = running;
    const flood = await silentSockets(port, 1000, '127.0.0.2');
    floods.push(flood);
    const held = running.connections();
    const unserved: string[] = [];
    for (let n = 0; n < 12; n++) {
      const problem = await served(port, `P${n}`);
      if (problem) unserved.push(problem);
    }
    // Each closed by the server: at once past the limits, or when the handshake time is up.
    const within = LIMITS.handshakeMs + 10_000;
    const closed = await flood.closedWithin(within);
    const failures = 1000 - closed + unserved.length + (held > LIMITS.perAddress ? 1 : 0);
    figures.push(
      `attack silent sockets: 1012 tries, ${failures} failures (1000 silent sockets from 127.0.0.2, ${held} of them counted, ${closed} closed by the server within ${within / 1000} s; 12 players from 127.0.0.1, ${12 - unserved.length} served)`,
    );
    expect(unserved).toEqual([]);
    expect(held).toBeLessThanOrEqual(LIMITS.perAddress);
    expect(closed).toBe(1000);
  }, 180_000);

  it('session channels: a thousand over four connections without a key open one terminal each; a seated player beside them is answered as before', async () => {
    running = await serveHere();
    const { port } = running;
    const seated = await connectPlayer({ port, key: newKey() });
    players.push(seated);
    await seated.waitFor('Welcome to madang');
    const keyless = await Promise.all(
      Array.from({ length: 4 }, () => connectPlayer({ port, localAddress: '127.0.0.2' })),
    );
    players.push(...keyless);
    for (const one of keyless) await one.waitFor('madang needs your SSH key');
    const before = heap();
    const perConnection = 250;
    const opened = Promise.all(
      keyless.map((one) =>
        Promise.all(
          Array.from(
            { length: perConnection },
            () =>
              new Promise<boolean>((resolve) => {
                const timer = setTimeout(() => resolve(false), 60_000);
                one.client.shell({ term: 'xterm', cols: 80, rows: 24 }, (error) => {
                  clearTimeout(timer);
                  resolve(!error);
                });
              }),
          ),
        ),
      ),
    );
    // The seated player types while the channels are asked for: a key, then its frame.
    const answers: number[] = [];
    for (let n = 0; n < 20; n++) {
      seated.write(n % 2 === 0 ? 'a' : '\x7f');
      answers.push((await seated.nextFrame(10_000)) ?? 10_000);
      await pause(50);
    }
    const extra = (await opened).flat().filter(Boolean).length;
    const grown = heap() - before;
    figures.push(
      `attack session channels: ${4 * perConnection} tries, ${extra} failures (channels opened past each connection's terminal; heap ${megabytes(grown)}; the seated player's p95 ${Math.round(p95(answers))} ms over 20 keys)`,
    );
    expect(extra).toBe(0);
    expect(running.screens()).toBe(1);
  }, 180_000);

  it('pages without a key: two hundred at once are written their page, with no screen each', async () => {
    running = await serveHere();
    const { port } = running;
    const problems: string[] = [];
    const keyless = await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        try {
          const one = await connectPlayer({ port, localAddress: '127.0.0.2' });
          players.push(one);
          await one.waitFor('Any key closes this connection.', 30_000);
        } catch (error) {
          problems.push(`${n}: ${(error as Error).message.slice(0, 200)}`);
        }
      }),
    );
    const screens = running.screens();
    // What they hold: the heap with them all, less the heap once they are gone.
    const held = heap();
    for (const one of players.splice(0)) one.end();
    const end = Date.now() + 20_000;
    while (running.connections() > 0 && Date.now() < end) await pause(50);
    const cost = held - heap();
    figures.push(
      `attack pages without a key: ${keyless.length} tries, ${problems.length + screens} failures (${problems.length} without their page, ${screens} screens drawn; they held ${megabytes(cost)} of heap, the clients' side with them)`,
    );
    expect(problems).toEqual([]);
    expect(screens).toBe(0);
  }, 180_000);

  it('silent sockets against the program under the usual 1,024-file limit: players still make tables, each recorded', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-attack-files-'));
    let printed = '';
    const program = spawn(
      'sh',
      [
        '-c',
        'ulimit -n 1024 && exec "$0" "$@"',
        process.execPath,
        CLI,
        'serve',
        '--port',
        '0',
        '--data-dir',
        data,
        '--bot-delay',
        '0',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    programs.push(program);
    program.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    program.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const began = Date.now() + 15_000;
    while (!/listening on 127\.0\.0\.1:\d+/.test(printed) && Date.now() < began) await pause(50);
    const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(printed)?.[1]);
    const recordings = /recordings: (.+)/.exec(printed)?.[1] as string;
    expect(port, printed).toBeGreaterThan(0);
    const flood = await silentSockets(port, 1000, '127.0.0.2');
    floods.push(flood);
    // Twelve players each make a Yut table, start it at once (the open seat the computer's), move.
    const unserved: string[] = [];
    for (let n = 0; n < 12; n++) {
      try {
        const player = await connectPlayer({ port, key: newKey() });
        players.push(player);
        await player.waitFor('Your key is new here', 20_000);
        player.write(`F${n}\r`);
        await player.waitFor(`you are F${n}`, 20_000);
        player.write('n');
        await player.waitFor('which game?', 20_000);
        player.write('\r');
        await player.waitFor('Start the game', 20_000);
        player.write('\x1b[A\r');
        await player.waitFor('waiting for players', 20_000);
        player.write('s');
        await player.waitFor(/▶ \S+ \S+ to throw/, 20_000);
        // A move (after its throw, or throws again): the recording's file is made at the first.
        for (let k = 0; k < 8 && !player.text().includes(`F${n} moved`); k++) {
          player.write(' ');
          await pause(300);
          player.write('\r');
          await pause(300);
        }
        await player.waitFor(`F${n} moved`, 20_000);
      } catch (error) {
        unserved.push(`F${n}: ${(error as Error).message.slice(0, 300)}`);
      }
    }
    const recorded = existsSync(recordings)
      ? readdirSync(recordings).filter((f) => f.endsWith('.jsonl')).length
      : 0;
    const complaints = printed.split('\n').filter((l) => /EMFILE|warning|Error/.test(l));
    const closed = await flood.closedWithin(LIMITS.handshakeMs + 10_000);
    // A player not served made no table: counted once.
    const unrecorded = Math.max(0, 12 - unserved.length - recorded);
    const failures = unserved.length + unrecorded + complaints.length + 1000 - closed;
    figures.push(
      `attack silent sockets, 1,024 files: 1012 tries, ${failures} failures (12 players from 127.0.0.1, ${12 - unserved.length} started a table, ${recorded} recordings, ${complaints.length} complaints; 1000 silent sockets from 127.0.0.2, ${closed} closed by the server)`,
    );
    expect(unserved).toEqual([]);
    expect(complaints).toEqual([]);
    expect(recorded).toBe(12);
    expect(closed).toBe(1000);
  }, 240_000);
});
