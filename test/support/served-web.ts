/**
 * The built program's `madang serve --web` as its own process on free ports of 127.0.0.1, and
 * the web port asked with real HTTP requests: a page, and /metrics read as Prometheus's text.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './tmux.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Started {
  readonly child: ChildProcess;
  readonly data: string;
  readonly ssh: number;
  readonly web: number;
  printed(): string;
  stop(): Promise<void>;
}

/** The built madang serve with --web on free ports; resolves once both listen. */
export async function start(extra: readonly string[]): Promise<Started> {
  const data = mkdtempSync(join(tmpdir(), 'madang-web-'));
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--web', '127.0.0.1:0', '--data-dir', data, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const end = Date.now() + 30_000;
  const both = () => [
    /listening on 127\.0\.0\.1:(\d+)/.exec(out),
    /web: http:\/\/127\.0\.0\.1:(\d+)\//.exec(out),
  ];
  while (both().some((m) => !m) && child.exitCode === null && Date.now() < end) await pause(50);
  const [ssh, web] = both();
  if (!ssh || !web) {
    child.kill('SIGKILL');
    throw new Error(`madang serve --web did not start: ${out.slice(0, 2000)}`);
  }
  return {
    child,
    data,
    ssh: Number(ssh[1]),
    web: Number(web[1]),
    printed: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

export async function get(port: number, path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** A sample's value in a Prometheus text page, or undefined when it has none. */
export function sample(page: string, name: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** Waits until `test` holds of /metrics (fails after 10 s, showing the page). */
export async function metricsWhen(port: number, test: (page: string) => boolean): Promise<string> {
  const end = Date.now() + 10_000;
  let page = '';
  while (Date.now() < end) {
    page = (await get(port, '/metrics')).text;
    if (test(page)) return page;
    await pause(100);
  }
  throw new Error(`waited 10000 ms for /metrics; it was:\n${page}`);
}
