/**
 * `madang serve --web`: the operator's port of the built program, asked with real HTTP requests
 * while ssh2 clients play: /healthz (200 while it takes connections and reaches Redis, 503 once
 * the test's own redis-server is killed, 200 again when it is back), /metrics in Prometheus's
 * text format, and the server's log lines, one line each with a timestamp (a forged signature's
 * failed authentication names the address).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../bench/ssh-client.js';
import { hasRedis, type RedisServer, startRedis } from '../support/redis.js';
import WebSocket from 'ws';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { makeYutTable, movesIn, playMoves, recordingOf, register } from '../support/served.js';
import { plainText } from '../support/command-line.js';
import { get, metricsWhen, sample, start, type Started } from '../support/served-web.js';
import { CLI } from '../support/tmux.js';

const { BaseAgent, utils } = ssh2;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client offering a key signed by another: refused, as a forger is. */
function forge(port: number): Promise<string> {
  const victim = utils.parseKey(newKey()) as ssh2.ParsedKey;
  const mallory = utils.parseKey(newKey()) as ssh2.ParsedKey;
  class Forger extends BaseAgent<ssh2.ParsedKey> {
    getIdentities(cb: (error: Error | undefined, keys?: ssh2.ParsedKey[]) => void) {
      cb(undefined, [victim]);
    }
    sign(_key: ssh2.ParsedKey, data: Buffer, ...rest: unknown[]) {
      const cb = rest.at(-1) as (error: Error | undefined, signature?: Buffer) => void;
      cb(undefined, mallory.sign(data));
    }
  }
  return new Promise<string>((resolve) => {
    const client = new ssh2.Client();
    client.on('ready', () => resolve('ready'));
    client.on('error', (error) => resolve(error.message));
    client.connect({
      host: '127.0.0.1',
      port,
      username: 'mallory',
      agent: new Forger(),
      authHandler: ['agent'] as never,
    });
  });
}

describe.runIf(hasRedis)('madang serve --web: health, metrics and the log', () => {
  let redis: RedisServer;
  let server: Started;

  beforeAll(async () => {
    redis = await startRedis();
    server = await start(['--redis', redis.url]);
  });

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  it('/metrics: connections by state, keys, frames, failed authentications, Redis', async () => {
    const before = await get(server.web, '/metrics');
    expect(before.status).toBe(200);
    expect(before.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(before.text).toMatch(/^# HELP madang_connections /m);
    expect(before.text).toMatch(/^# TYPE madang_connections gauge$/m);
    expect(sample(before.text, 'madang_connections{state="screen"}')).toBe(0);
    expect(sample(before.text, 'madang_auth_failures_total')).toBe(0);

    // The name page is a full screen already (with --redis, the lobby comes through Redis).
    const { player: ann } = await register(server.ssh, 'Ann');
    await ann.waitFor('you are Ann');
    const page = await metricsWhen(
      server.web,
      (p) => sample(p, 'madang_connections{state="screen"}') === 1,
    );
    expect(sample(page, 'madang_keys_total')).toBeGreaterThan(0);
    expect(sample(page, 'madang_frames_total')).toBeGreaterThan(0);
    expect(sample(page, 'madang_redis_up')).toBe(1);
    expect(sample(page, 'madang_redis_round_trip_seconds')).toBeGreaterThan(0);
    expect(sample(page, 'madang_redis_round_trip_seconds')).toBeLessThan(1);
    expect(sample(page, 'madang_lease_takeovers_total')).toBe(0);
    expect(sample(page, 'madang_refusals_total{reason="full"}')).toBe(0);
    expect(sample(page, 'process_cpu_seconds_total')).toBeGreaterThan(0);

    expect(await forge(server.ssh)).toMatch(/authentication methods failed/);
    const failed = await metricsWhen(
      server.web,
      (p) => (sample(p, 'madang_auth_failures_total') ?? 0) >= 1,
    );
    expect(sample(failed, 'madang_auth_failures_total')).toBeGreaterThanOrEqual(1);
    ann.end();
    await metricsWhen(server.web, (p) => sample(p, 'madang_connections{state="screen"}') === 0);
  });

  it('the log: one line each, with a timestamp; a failed authentication names the address', () => {
    const log = server
      .printed()
      .split('\n')
      .filter((line) => / madang: /.test(line));
    expect(log.length).toBeGreaterThan(2);
    for (const line of log)
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z madang: /);
    expect(log.some((l) => /madang: connection from 127\.0\.0\.1 port \d+$/.test(l))).toBe(true);
    expect(
      log.some((l) =>
        /madang: authentication failed from 127\.0\.0\.1 \(connection \d+, user "mallory", publickey\)$/.test(
          l,
        ),
      ),
    ).toBe(true);
  });

  it('anything else: 404; a method other than GET or HEAD: 405', async () => {
    expect((await get(server.web, '/nothing')).status).toBe(404);
    const posted = await fetch(`http://127.0.0.1:${server.web}/metrics`, { method: 'POST' });
    expect(posted.status).toBe(405);
  });

  // Last: Redis restarted empty, the lobby is not as it was.
  it('/healthz: 200 while it takes connections and reaches Redis, 503 while Redis is gone', async () => {
    expect(await get(server.web, '/healthz')).toMatchObject({ status: 200, text: 'ok\n' });
    await redis.stop();
    const down = await get(server.web, '/healthz');
    expect(down.status).toBe(503);
    expect(down.text).toMatch(/^redis: /);
    const metrics = await get(server.web, '/metrics');
    expect(sample(metrics.text, 'madang_redis_up')).toBe(0);
    await redis.start();
    const end = Date.now() + 15_000;
    let again = await get(server.web, '/healthz');
    while (again.status !== 200 && Date.now() < end) {
      await pause(200);
      again = await get(server.web, '/healthz');
    }
    expect(again).toMatchObject({ status: 200, text: 'ok\n' });
  });
});

describe('madang serve --web without Redis', () => {
  it('/healthz is 200 while it serves and says why not once it is full; tables by game and status', async () => {
    const server = await start(['--max-connections', '1']);
    try {
      expect(await get(server.web, '/healthz')).toMatchObject({ status: 200, text: 'ok\n' });
      const metrics = await get(server.web, '/metrics');
      expect(metrics.text).not.toContain('madang_redis_up');
      expect(metrics.text).not.toContain('madang_tables{');
      const { player } = await register(server.ssh, 'Bo');
      const full = await get(server.web, '/healthz');
      expect(full).toMatchObject({ status: 503, text: 'full (1 connections)\n' });
      await player.waitFor('you are Bo');
      await makeYutTable(player);
      const page = await metricsWhen(
        server.web,
        (p) => sample(p, 'madang_tables{game="yut",status="waiting"}') === 1,
      );
      expect(sample(page, 'madang_keys_total')).toBeGreaterThan(3);
      expect(sample(page, 'madang_frames_total')).toBeGreaterThan(3);
      expect(sample(page, 'madang_frame_bytes_total')).toBeGreaterThan(1000);
      expect(sample(page, 'madang_frame_render_seconds_total')).toBeGreaterThan(0);
      player.end();
    } finally {
      await server.stop();
    }
  });

  it('a bad --web is refused in one line', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-web-'));
    const child = spawn(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--web', 'nowhere', '--data-dir', data],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toBe(
      'madang: --web takes [HOST:]PORT, such as 8080 or 0.0.0.0:8080 (not nowhere)\n',
    );
  });
});

/** A web viewer of a table: every frame it was sent, as text without escapes. */
function viewer(port: number, code: string, from = '127.0.0.1', forwarded?: string) {
  const frames: string[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${port}/t/${code}/live`, {
    localAddress: from,
    ...(forwarded ? { headers: { 'x-forwarded-for': forwarded } } : {}),
  });
  let refused: string | undefined;
  socket.on('message', (data) => frames.push(plainText(data.toString())));
  socket.on('unexpected-response', (_request, response) => (refused = String(response.statusCode)));
  socket.on('error', () => undefined);
  return {
    socket,
    frames,
    refused: () => refused,
    async frameWith(text: string | RegExp, ms = 10_000): Promise<string> {
      const end = Date.now() + ms;
      const has = (f: string) => (typeof text === 'string' ? f.includes(text) : text.test(f));
      while (Date.now() < end) {
        const found = frames.findLast(has);
        if (found) return found;
        await pause(50);
      }
      throw new Error(
        `waited ${ms} ms for a frame with ${String(text)}; the last was:\n${frames.at(-1) ?? '(none)'}`,
      );
    },
  };
}

describe('madang serve --web: live tables in the browser, read-only', () => {
  it('lists the tables, draws a table for its web viewers as moves happen, and takes none of their keys', async () => {
    const server = await start(['--seed', '382', '--bot-delay', '0']);
    const players: { end(): void }[] = [];
    try {
      const { player: dan } = await register(server.ssh, 'Dan');
      players.push(dan);
      await dan.waitFor('you are Dan');
      const code = await makeYutTable(dan);
      const { player: eve } = await register(server.ssh, 'Eve', code);
      players.push(eve);
      await eve.waitFor('▶ R Dan to throw');

      const list = await get(server.web, '/');
      expect(list.status).toBe(200);
      expect(list.type).toBe('text/html; charset=utf-8');
      expect(list.text).toContain(`href="t/${code}"`);
      expect(list.text).toContain('Yut Nori');
      expect(list.text).toContain('Dan');
      const page = await get(server.web, `/t/${code}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('assets/xterm.js');
      expect((await get(server.web, '/assets/xterm.js')).status).toBe(200);
      expect((await get(server.web, '/t/zzzz')).status).toBe(404);

      const web = viewer(server.web, code);
      const first = await web.frameWith('Dan to throw');
      expect(first).toContain('watching from the web');
      // The viewer types at the table: a throw, a quit, a chat line. Nothing happens there.
      await new Promise(
        (resolve) =>
          web.socket.once('open', resolve).readyState === WebSocket.OPEN && resolve(undefined),
      );
      web.socket.send(' ');
      web.socket.send('q');
      web.socket.send('chello\r');
      await pause(1500);
      expect(eve.text()).not.toContain('threw');
      expect(web.frames.some((f) => f.includes('threw'))).toBe(false);

      // Dan throws: the web viewer sees it.
      dan.write(' ');
      await web.frameWith(/Dan threw/);
      web.socket.close();
    } finally {
      for (const p of players) p.end();
      await server.stop();
    }
  });

  it('limits: viewers from one address past the limit are refused (503), the page says the server is full', async () => {
    const server = await start([]);
    try {
      const { player: dan } = await register(server.ssh, 'Dan');
      await dan.waitFor('you are Dan');
      const code = await makeYutTable(dan);
      const viewers = Array.from({ length: 20 }, () => viewer(server.web, code));
      for (const v of viewers) await v.frameWith('waiting for players');
      const past = viewer(server.web, code);
      const end = Date.now() + 10_000;
      while (past.refused() === undefined && Date.now() < end) await pause(50);
      expect(past.refused()).toBe('503');
      const full = await get(server.web, `/t/${code}`);
      expect(full.status).toBe(503);
      expect(full.text).toContain('The server is full');
      const metrics = await get(server.web, '/metrics');
      expect(sample(metrics.text, 'madang_web_viewers')).toBe(20);
      // Behind a proxy on this machine, each viewer counts by the address the proxy forwards.
      const proxied = viewer(server.web, code, '127.0.0.1', '10.9.8.7, 198.51.100.7');
      await proxied.frameWith('waiting for players');
      proxied.socket.close();
      const another = viewer(server.web, code, '127.0.0.1', '198.51.100.8');
      await another.frameWith('waiting for players');
      another.socket.close();
      // The two counted off once the server has seen them close: on a loaded machine that may
      // take longer than a fixed pause (the count read before it is 21 or 22).
      let viewing = sample((await get(server.web, '/metrics')).text, 'madang_web_viewers');
      for (const until = Date.now() + 10_000; viewing !== 20 && Date.now() < until;) {
        await pause(100);
        viewing = sample((await get(server.web, '/metrics')).text, 'madang_web_viewers');
      }
      expect(viewing).toBe(20);
      expect(sample(metrics.text, 'madang_web_refusals_total{reason="address"}')).toBe(1);
      // Twenty viewers, one drawing: the frames are drawn once per table, not per viewer.
      expect(sample(metrics.text, 'madang_web_draws_total')).toBeLessThan(5);
      for (const v of viewers) v.socket.close();
      dan.end();
    } finally {
      await server.stop();
    }
  });
});

/** The CPU a process has used (user and system), in seconds, from /proc (load cannot hide it). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('madang serve --web: what web viewers cost', () => {
  it('200 web viewers of a table cost at most twice the CPU a move of one (and the page weight to its first frame, printed)', async () => {
    const server = await start(['--seed', '382', '--bot-delay', '0']);
    const sockets: WebSocket[] = [];
    const players: { end(): void }[] = [];
    try {
      const dan = await register(server.ssh, 'Dan');
      players.push(dan.player);
      await dan.player.waitFor('you are Dan');
      const code = await makeYutTable(dan.player);
      const eve = await register(server.ssh, 'Eve', code);
      players.push(eve.player);
      await eve.player.waitFor('▶ R Dan to throw');
      const both = [dan, eve];

      // The page's weight to its first frame: the page, its style and scripts (as a browser
      // that takes gzip gets them), and the first frame.
      let weight = 0;
      for (const path of [
        `/t/${code}`,
        '/assets/madang.css',
        '/assets/xterm.css',
        '/assets/xterm.js',
        '/assets/view.js',
      ]) {
        const response = await fetch(`http://127.0.0.1:${server.web}${path}`, {
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(response.status).toBe(200);
        weight += Number(response.headers.get('content-length'));
      }
      const one = viewer(server.web, code);
      sockets.push(one.socket);
      const first = await one.frameWith('Dan to throw');
      weight += Buffer.byteLength(first);

      const perMove = async (moves: number) => {
        const before = cpuOf(server.child.pid as number);
        const made = movesIn(recordingOf(server.data));
        const after = await playMoves(server.data, both, made + moves);
        return (cpuOf(server.child.pid as number) - before) / (after - made);
      };
      const alone = await perMove(8);
      // 199 more, from ten loopback addresses (20 an address is the limit).
      const more = Array.from({ length: 199 }, (_, i) =>
        viewer(server.web, code, `127.0.0.${2 + (i % 10)}`),
      );
      sockets.push(...more.map((v) => v.socket));
      for (const v of more) await v.frameWith('table');
      const crowd = await perMove(8);
      console.log(
        `web: page weight to the first frame ${weight} bytes; CPU a move with 1 web viewer ${(alone * 1000).toFixed(0)} ms, with 200 ${(crowd * 1000).toFixed(0)} ms`,
      );
      expect(crowd).toBeLessThanOrEqual(2 * alone);
      expect(more.every((v) => v.frames.length > 1)).toBe(true);
    } finally {
      for (const socket of sockets) socket.terminate();
      for (const p of players) p.end();
      await server.stop();
    }
  }, 180_000);
});

/** Debian's chromium (.ci/run installs it where it is missing). */
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);

describe.runIf(CHROMIUM !== undefined)('madang serve --web in a real browser (chromium)', () => {
  it('opens the list, then a table while two ssh2 clients play Yut: the board changes after a move, and a key pressed in the page changes nothing', async () => {
    const server = await start(['--seed', '382', '--bot-delay', '0']);
    const browser = await chromium.launch({
      executablePath: CHROMIUM as string,
      args: ['--no-sandbox'],
    });
    const players: { end(): void }[] = [];
    try {
      const dan = await register(server.ssh, 'Dan');
      players.push(dan.player);
      await dan.player.waitFor('you are Dan');
      const code = await makeYutTable(dan.player);
      const eve = await register(server.ssh, 'Eve', code);
      players.push(eve.player);
      await eve.player.waitFor('▶ R Dan to throw');

      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${server.web}/`);
      await page.click(`a[href="t/${code}"]`);
      await page.waitForURL(`**/t/${code}`);
      // The terminal's text, as xterm.js draws it in the page (its rows' text layer).
      const screen = page.locator('.xterm-rows');
      await screen.getByText('Dan to throw').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('#said').textContent()).toBe('Live.');

      // Keys pressed in the page: a throw, Enter, a chat line, q. Nothing happens at the table.
      await page.locator('#screen').click();
      for (const key of ['Space', 'Enter', 'c', 'h', 'i', 'Enter', 'q'])
        await page.keyboard.press(key);
      await pause(1500);
      expect(eve.player.text()).not.toMatch(/threw|: hi/);
      expect(await screen.textContent()).toContain('Dan to throw');

      // Dan throws over SSH: the page shows it.
      dan.player.write(' ');
      await screen
        .getByText(/Dan threw/)
        .first()
        .waitFor({ timeout: 15_000 });
      // A picture of the page for a person to look at (MADANG_WEB_SCREENSHOT=FILE.png).
      if (process.env.MADANG_WEB_SCREENSHOT)
        await page.screenshot({ path: process.env.MADANG_WEB_SCREENSHOT, fullPage: true });
    } finally {
      await browser.close();
      for (const p of players) p.end();
      await server.stop();
    }
  }, 120_000);
});
