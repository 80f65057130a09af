/**
 * madang serve --redis rediss://:PASSWORD@HOST:PORT: Debian's redis-server listening with TLS
 * only (`--port 0 --tls-port`), a password required, its certificate signed by a CA made here
 * with openssl (the built program trusts it through NODE_EXTRA_CA_CERTS, as a user with their
 * own CA would). Two built servers share it: a table made on one is joined from the other and
 * played, and `madang export` reads its stream back over TLS. A wrong password and an untrusted
 * certificate are refused with the reason, the password never printed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import { freePort, hasRedis } from '../support/redis.js';
import { CLI } from '../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-redis-tls-'));
const file = (name: string) => join(dir, name);
const PASSWORD = 's3cret-Pa55';

const openssl = (...args: string[]) => {
  const run = spawnSync('openssl', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${run.stderr}`);
};

/**
 * Whether this redis-server was built with TLS: Debian's links OpenSSL (a build without it
 * does not). Without `ldd`, assumed so (the test then says what went wrong).
 */
const linked = hasRedis ? spawnSync('sh', ['-c', 'ldd "$(command -v redis-server)"']) : undefined;
const hasTls =
  hasRedis &&
  spawnSync('openssl', ['version']).status === 0 &&
  (linked?.status !== 0 || /libssl/.test(String(linked?.stdout)));
if (hasRedis && process.env.CI && spawnSync('openssl', ['version']).status !== 0)
  throw new Error('openssl is missing: .ci/run installs openssl with apt-get');
if (hasRedis && !hasTls)
  console.warn('redis-server was built without TLS: the rediss:// test is skipped');

/** A CA, and a certificate for 127.0.0.1 signed by it. */
function certificates(): void {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-subj',
    '/CN=madang test CA',
    '-days',
    '2',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
  );
  openssl(
    'req',
    ...ec,
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('redis.key'),
    '-out',
    file('redis.csr'),
  );
  writeFileSync(file('san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('redis.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('san.cnf'),
    '-out',
    file('redis.crt'),
  );
}

interface Server {
  readonly child: ChildProcess;
  readonly port: number;
  printed(): string;
}

const trusted = { ...process.env, NODE_EXTRA_CA_CERTS: file('ca.crt') };

async function startServer(url: string, name: string): Promise<Server> {
  let printed = '';
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', file(name), '--seed', '382', '--redis', url],
    { stdio: ['ignore', 'pipe', 'pipe'], env: trusted },
  );
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const end = Date.now() + 20_000;
  while (!/as process \w+/.test(printed) && Date.now() < end)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const found = /listening on 127\.0\.0\.1:(\d+)/.exec(printed);
  if (!found || !/as process \w+/.test(printed))
    throw new Error(`madang serve --redis did not start: ${printed}`);
  return { child, port: Number(found[1]), printed: () => printed };
}

describe.runIf(hasTls)('madang serve --redis rediss:// with a password', () => {
  let redis: ChildProcess | undefined;
  let port = 0;
  const servers: Server[] = [];
  const players: Player[] = [];

  beforeAll(async () => {
    certificates();
    port = await freePort();
    redis = spawn(
      'redis-server',
      [
        ...['--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1'],
        ...['--tls-cert-file', file('redis.crt'), '--tls-key-file', file('redis.key')],
        ...['--tls-ca-cert-file', file('ca.crt'), '--tls-auth-clients', 'no'],
        ...['--requirepass', PASSWORD, '--save', '', '--appendonly', 'no'],
      ],
      { stdio: 'ignore' },
    );
    // Up once it answers over TLS.
    const end = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis({
        port,
        host: '127.0.0.1',
        password: PASSWORD,
        tls: { ca: readFileSync(file('ca.crt')) },
        lazyConnect: true,
        retryStrategy: () => null,
      });
      probe.on('error', () => undefined);
      const up = await probe.connect().then(
        () => probe.ping(),
        () => undefined,
      );
      probe.disconnect();
      if (up === 'PONG') break;
      if (Date.now() > end) throw new Error('redis-server with TLS did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    for (const player of players) player.end();
    for (const server of servers) server.child.kill('SIGKILL');
    redis?.kill('SIGKILL');
  });

  it('two servers share a table over TLS; export reads it back; a wrong password is refused', async () => {
    const url = `rediss://:${PASSWORD}@127.0.0.1:${port}`;
    const [one, two] = [await startServer(url, 'one'), await startServer(url, 'two')];
    servers.push(one, two);
    // The password is never printed.
    expect(one.printed()).toContain(`redis: rediss://***@127.0.0.1:${port} as process`);
    expect(one.printed()).not.toContain(PASSWORD);

    const ann = await connectPlayer({ port: one.port, key: newKey() });
    players.push(ann);
    await ann.waitFor('Welcome to madang', 20_000);
    ann.write('Ann\r');
    await ann.waitFor('you are Ann');
    ann.write('n');
    await ann.waitFor('which game?');
    ann.write('\r');
    await ann.waitFor('Start the game');
    ann.write('\x1b[A\r');
    const waiting = await ann.waitFor(/table (\w{4}) · waiting/);
    const code = /table (\w{4}) · waiting/.exec(waiting)?.[1] as string;

    // Bo, on the other server, finds the table in its lobby (it came through Redis) and sits.
    const bo = await connectPlayer({ port: two.port, key: newKey() });
    players.push(bo);
    await bo.waitFor('Welcome to madang', 20_000);
    bo.write('Bo\r');
    await bo.waitFor(`${code} Yut Nori`);
    bo.write('\r');
    await bo.waitFor('▶ R Ann to throw');
    await ann.waitFor('▶ R Ann to throw');
    // Ann throws and moves (seed 382: gae): Bo sees both, through the stream over TLS.
    ann.write(' ');
    await ann.waitFor('Ann threw gae.');
    ann.write('\r');
    await bo.waitFor('Ann moved a new piece to 2 with gae.');

    const exported = spawnSync(
      process.execPath,
      [CLI, 'export', code, '--redis', url, '--out', file('table.jsonl')],
      { encoding: 'utf8', env: trusted },
    );
    expect(exported.status, exported.stderr).toBe(0);
    const lines = readFileSync(file('table.jsonl'), 'utf8').trim().split('\n');
    expect(lines[0]).toContain('"format":"madang-recording"');
    expect(lines.length).toBeGreaterThanOrEqual(2);

    // A wrong password: refused with Redis's reason, the password not printed.
    const wrong = spawnSync(
      process.execPath,
      [CLI, 'export', code, '--redis', `rediss://:not-${PASSWORD}@127.0.0.1:${port}`],
      { encoding: 'utf8', env: trusted, timeout: 20_000 },
    );
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toMatch(/WRONGPASS|invalid username-password/i);
    expect(wrong.stderr).not.toContain(PASSWORD);
    // A certificate this program does not trust: refused, saying so.
    const untrusted = spawnSync(process.execPath, [CLI, 'export', code, '--redis', url], {
      encoding: 'utf8',
      env: { ...process.env, NODE_EXTRA_CA_CERTS: '' },
      timeout: 20_000,
    });
    expect(untrusted.status).not.toBe(0);
    expect(untrusted.stderr).toMatch(/certificate/i);
    expect(untrusted.stderr).not.toContain(PASSWORD);
  }, 120_000);
});
