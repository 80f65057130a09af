/**
 * A real redis-server for the tests of madang serve --redis: Debian's, on a free port of
 * 127.0.0.1, keeping nothing on disk (`--save '' --appendonly no`), so a restart loses every
 * key as a crashed Redis without persistence would. The tests skip only when redis-server is
 * missing, and say so; in CI (.ci/run installs it) a missing one fails.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer, Socket } from 'node:net';

export const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis && process.env.CI)
  throw new Error('redis-server is missing: .ci/run installs redis-server with apt-get');
if (!hasRedis)
  console.warn('redis-server is missing: the tests of madang serve --redis are skipped');

/** A port no one listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something answers PING on this port (within `ms`). */
function answers(port: number, ms = 300): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Killed (SIGKILL): everything in it is lost. */
  stop(): Promise<void>;
  /** Started again on the same port, empty. */
  start(): Promise<void>;
  /** Hung (SIGSTOP): its connections stay open, and nothing answers. */
  hang(): void;
  /** Going on (SIGCONT) with what it had. */
  wake(): void;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const end = Date.now() + 10_000;
      while (!(await answers(port))) {
        if (Date.now() > end) throw new Error(`redis-server did not start on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    hang() {
      child?.kill('SIGSTOP');
    },
    wake() {
      child?.kill('SIGCONT');
    },
    async stop() {
      child?.kill('SIGCONT');
      const running = child;
      if (!running || running.exitCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await gone;
    },
  };
  await server.start();
  return server;
}
