/**
 * `madang serve --web [HOST:]PORT`: the server's HTTP port (127.0.0.1 unless a host is named),
 * for an operator: /healthz (200 while the server takes connections and, with --redis, reaches
 * Redis; 503 and the reason otherwise) and /metrics (Prometheus's text format). Only GET and
 * HEAD; nothing here changes the server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import {
  counter,
  exposition,
  type Family,
  gauge,
  processFamilies,
  type ServerCounters,
  tally,
} from './metrics.js';
import type { Running } from './server.js';
import { liveWeb, viewerAddress, type WebHall, type WebLimits, WEB_LIMITS } from './web-live.js';

/** What the port reads of the server when asked. */
export interface WebOptions {
  readonly host: string;
  readonly port: number;
  readonly running: Pick<Running, 'states' | 'refusing' | 'sharedViews'>;
  readonly counters: ServerCounters;
  /** The lobby's tables (with --redis, every process's): listed, and watched live. */
  readonly hall: WebHall;
  readonly limits?: WebLimits | undefined;
  /** The Redis of --redis, asked PING by a connection of the port's own. */
  readonly redis?: string | undefined;
  /** Tables this process took over from another (--redis). */
  readonly takeovers?: (() => number) | undefined;
}

export interface WebPort {
  readonly port: number;
  close(): Promise<void>;
}

/** `--web [HOST:]PORT`: the address to listen on (127.0.0.1 unless named), or why not. */
export function webAddress(text: string): { host: string; port: number } | string {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (!match || port > 65535)
    return `--web takes [HOST:]PORT, such as 8080 or 0.0.0.0:8080 (not ${text})`;
  const host = (match[1] ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1');
  return { host, port };
}

/** How long a PING may take before Redis counts as not reached. */
const PING_MS = 1000;

/** Redis as the port sees it: PING answered (and in how long), or why not. */
type Reached =
  { readonly ok: true; readonly seconds: number } | { readonly ok: false; readonly why: string };

function redisProbe(url: string) {
  const redis = new Redis(url, {
    protocol: 2,
    lazyConnect: true,
    // A command while the connection is down fails at once (the port says so), never waits.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => 500,
  });
  let said = 'not connected yet';
  redis.on('error', (error: Error) => (said = error.message));
  void redis.connect().catch(() => undefined);
  return {
    async ping(): Promise<Reached> {
      const started = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          redis.ping(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer in ${PING_MS} ms`)), PING_MS);
          }),
        ]);
        return { ok: true, seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        const why = redis.status === 'ready' ? (error as Error).message : said;
        // The password is never said (ioredis words hold none, but a URL might).
        return { ok: false, why: why.replace(/\/\/([^@/]*)@/, '//***@') };
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => redis.disconnect(),
  };
}

export async function startWeb(options: WebOptions): Promise<WebPort> {
  const redis = options.redis === undefined ? undefined : redisProbe(options.redis);
  const live = liveWeb(options.hall, options.limits ?? WEB_LIMITS);

  async function metrics(): Promise<string> {
    const states = options.running.states();
    const families: Family[] = [
      gauge(
        'madang_connections',
        'SSH connections now, by state (handshake, starting: signing in or asking for a terminal, keyless: the page for a connection without a key, screen: a full screen, refused: being told why).',
        Object.entries(states).map(([state, value]) => ({ labels: { state }, value })),
      ),
      gauge(
        'madang_shared_views',
        "Screens drawn once for many connections: one per table and window size watched by spectators who have pressed none of the game's keys, one per size of the lobby for those who have moved nothing in it.",
        options.running.sharedViews(),
      ),
      gauge(
        'madang_tables',
        'Tables in the lobby, by game and status (with --redis: every process lists every table).',
        tally(options.hall.tables.values(), (t) => ({ game: t.game.id, status: t.status })),
      ),
      ...options.counters.families(),
      ...live.families(),
    ];
    if (redis) {
      const reached = await redis.ping();
      families.push(
        gauge('madang_redis_up', 'Whether Redis answered PING (1) or not (0).', reached.ok ? 1 : 0),
        gauge(
          'madang_redis_round_trip_seconds',
          'Seconds PING took, from this process (NaN when it did not answer).',
          reached.ok ? reached.seconds : Number.NaN,
        ),
        counter(
          'madang_lease_takeovers_total',
          "Tables this process took over from another's lease (a process stopped or too slow).",
          options.takeovers?.() ?? 0,
        ),
      );
    }
    families.push(...processFamilies());
    return exposition(families);
  }

  async function health(): Promise<string | undefined> {
    const refusing = options.running.refusing();
    if (refusing !== undefined) return refusing;
    if (!redis) return undefined;
    const reached = await redis.ping();
    return reached.ok ? undefined : `redis: ${reached.why}`;
  }

  const answer = (
    response: ServerResponse,
    status: number,
    type: string,
    body: string,
    head: boolean,
  ) => {
    response.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(body),
    });
    response.end(head ? undefined : body);
  };
  const TEXT = 'text/plain; charset=utf-8';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head) {
      response.setHeader('allow', 'GET, HEAD');
      return answer(response, 405, TEXT, 'GET or HEAD only\n', false);
    }
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      const why = await health();
      return answer(response, why === undefined ? 200 : 503, TEXT, `${why ?? 'ok'}\n`, head);
    }
    if (path === '/metrics')
      return answer(
        response,
        200,
        'text/plain; version=0.0.4; charset=utf-8',
        await metrics(),
        head,
      );
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const found = live.answer(path ?? '/', viewerAddress(request), gzip);
    if (!found) return answer(response, 404, TEXT, 'not found\n', head);
    response.writeHead(found.status, {
      'content-type': found.type,
      'content-length': Buffer.byteLength(found.body),
      'cache-control': path?.startsWith('/assets/') ? 'max-age=3600' : 'no-store',
      // The page runs its own scripts only, and talks to this server only.
      'content-security-policy':
        "default-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:",
      'x-content-type-options': 'nosniff',
      ...(found.encoding ? { 'content-encoding': found.encoding, vary: 'accept-encoding' } : {}),
    });
    response.end(head ? undefined : found.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) answer(response, 500, TEXT, `${error.message}\n`, false);
      else response.destroy();
    });
  });
  // A client that sends its request slowly or never is let go (slowloris).
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  server.maxHeadersCount = 50;
  server.on('upgrade', (request, socket, head) => live.upgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: address && typeof address === 'object' ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        redis?.close();
        live.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
