/**
 * `madang serve`: the games over SSH for friends. Every connection with a terminal gets the full
 * screen; players are their SSH keys; tables are played by several connections at once (see
 * serve/). Prints the host key's fingerprint, then runs until SIGINT or SIGTERM.
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SessionFactory } from '../table/session.js';
import { freshSeed } from '../engine/random.js';
import type { AnyGameModule } from '../games/module.js';
import { recordingsDirectory } from '../storage/paths.js';
import { openRecorder, recorderFor } from '../storage/recorder.js';
import { RecordingWriter } from '../storage/recording-file.js';
import { TIMERS } from '../table/table.js';
import writeFileAtomic from 'write-file-atomic';
import { Hall, type Lobby } from '../serve/hall.js';
import { type ServedTable } from '../serve/served-table.js';
import { tablesFile } from '../serve/tables-file.js';
import { hostKey, PlayerBook } from '../serve/identity.js';
import { LIMITS, serve } from '../serve/server.js';
import { safeText } from '../engine/safe-text.js';
import { dataDir, fail, say } from './common.js';
import { startThinking } from './thinking.js';
import { Redis } from 'ioredis';
import type { Think } from '../engine/bots.js';
import { keysOf, RedisStore } from '../serve/redis/store.js';
import { fromFields, recordingText } from '../serve/redis/stream.js';
import { stampedLog } from '../serve/log.js';
import { ServerCounters } from '../serve/metrics.js';
import { startWeb, webAddress } from '../serve/web.js';
import { gather } from '../ratings/recordings.js';
import { RedisRatings } from '../serve/ratings/redis-store.js';
import { rateServed } from '../serve/ratings/served.js';
import { FileRatings, type RatingsStore } from '../serve/ratings/store.js';
import { Arenas } from '../serve/arena/arenas.js';
import { shown } from '../ratings/rating.js';

export interface ServeArgs {
  readonly host: string;
  readonly port: number;
  readonly dataDir?: string | undefined;
  readonly maxConnections: number;
  readonly guests: boolean;
  readonly seatHold: number;
  readonly botDelay?: number | undefined;
  readonly seed?: number | undefined;
  readonly idle: number;
  /** Share the lobby and the tables with other processes through this Redis. */
  readonly redis?: string | undefined;
  /** The operator's HTTP port, [HOST:]PORT (serve/web.ts). */
  readonly web?: string | undefined;
  /** The web port's address as people reach it (behind a proxy), for the tables' links. */
  readonly webUrl?: string | undefined;
}

/** Table codes: four characters no one misreads (no 0/o, 1/l/i). */
const CODE_CHARS = 'abcdefghjkmnpqrstuvwxyz23456789';
const newCode = () =>
  Array.from({ length: 4 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/** What shows the cursor again (cli-cursor's restore-cursor writes it at exit). */
const SHOW_CURSOR = '\x1b[?25h';

/**
 * The server's own stderr is its log, never a screen it drew on: Ink hides the cursor on each
 * connection's stream (which says it is a terminal), and the package hiding it (cli-cursor,
 * through restore-cursor and signal-exit) then shows it process-wide at exit on stderr: a
 * SIGTERM'd server ended its log with ESC[?25h. Each connection's own cursor is the server's
 * (it is hidden on entering and shown on leaving, serve/server.ts); that write alone is dropped.
 */
function quietCursorAtExit(): void {
  const stderr = process.stderr;
  const write = stderr.write.bind(stderr) as (...args: unknown[]) => boolean;
  stderr.write = ((chunk: unknown, ...rest: unknown[]) =>
    chunk === SHOW_CURSOR ? true : write(chunk, ...rest)) as typeof stderr.write;
}

export async function serveCommand(
  games: readonly AnyGameModule[],
  app: string,
  argv: ServeArgs,
): Promise<void> {
  quietCursorAtExit();
  if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535)
    fail('--port takes a port number, 0 to 65535 (0: any free one)');
  if (!Number.isInteger(argv.maxConnections) || argv.maxConnections < 1)
    fail('--max-connections takes a whole number, 1 or more');
  if (!(argv.seatHold >= 0)) fail('--seat-hold takes seconds (0 or more)');
  if (!(argv.idle > 0)) fail('--idle takes minutes (more than 0)');
  if (argv.seed !== undefined && !Number.isSafeInteger(argv.seed))
    fail('--seed takes a whole number');
  const webAt = argv.web === undefined ? undefined : webAddress(argv.web);
  if (typeof webAt === 'string') fail(webAt);
  if (argv.webUrl !== undefined && !webAt) fail('--web-url goes with --web (the port it names)');
  if (argv.webUrl !== undefined && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(argv.webUrl))
    fail(`--web-url takes an address such as https://madang.example.org (not ${argv.webUrl})`);
  // The link a table's players give out: the proxy's address, else the port's own (a port of 0
  // is known only once listening, so it gets none).
  const webLink =
    argv.webUrl?.replace(/\/+$/, '') ??
    (webAt && webAt.port !== 0
      ? `http://${webAt.host.includes(':') ? `[${webAt.host}]` : webAt.host}:${webAt.port}`
      : undefined);
  // From here on the log's lines carry their time (serve/log.ts).
  stampedLog(process.stderr);
  const counters = new ServerCounters();
  const data = dataDir(argv as unknown as Record<string, unknown>);
  const serverDir = join(data, 'server');
  let key;
  try {
    mkdirSync(serverDir, { recursive: true });
    key = hostKey(serverDir);
  } catch (error) {
    fail(`the host key in ${serverDir}: ${(error as Error).message}`);
  }
  let book: PlayerBook;
  try {
    book = new PlayerBook(join(serverDir, 'players.json'), (problem) =>
      say(`madang: warning: ${problem}`),
    );
  } catch (error) {
    fail(`the players' file in ${serverDir}: ${(error as Error).message}`);
  }
  const recordings = recordingsDirectory(data);
  const sessions = new SessionFactory({
    seed: argv.seed,
    app,
    openRecorder: (header) =>
      openRecorder({ mode: 'auto', directory: recordings }, header, undefined, (problem) =>
        say(`madang: warning: ${problem}`),
      ),
    appendRecorder: (loaded, at, seed) =>
      recorderFor(RecordingWriter.append(loaded.file, loaded.goodBytes, at, seed)),
    freshSeed,
    now: () => new Date(),
  });
  const think = startThinking().think;
  const lookup = (id: string) => games.find((g) => g.id === id);
  // A finished rated game is counted, and each player's change told at its table. The ratings are
  // opened once Redis has answered the hall (its refusal is the hall's to say): a table taken over
  // and finished before that waits for them.
  const opened: { ratings?: RatingsStore; arenas?: Arenas | undefined } = {};
  const early: ServedTable[] = [];
  const finished = (table: ServedTable) => {
    // An arena's table: its result goes back to the arena (none with --redis: see below).
    opened.arenas?.finished(table);
    rate(table);
  };
  const rate = (table: ServedTable) =>
    opened.ratings
      ? rateServed(
          table,
          opened.ratings,
          lookup,
          (problem) => say(`madang: warning: ${problem}`),
          () => hall.touch(),
        )
      : early.push(table);
  const local = argv.redis
    ? undefined
    : new Hall({
        startSession: (game, start) => sessions.start(game, start),
        scheduler: TIMERS,
        // The computers of every table think on one worker thread, never on the connections' thread.
        think,
        botDelay: argv.botDelay ?? 700,
        seatHold: argv.seatHold * 1000,
        now: () => Date.now(),
        code: newCode,
        // Every start, end and change of hands is written at once: a SIGKILL loses no table.
        store: tablesFile(serverDir, games, sessions, say),
        finished,
      });
  const hall: Lobby = argv.redis
    ? (await redisHall(argv, argv.redis, games, app, recordings, think, finished)).hall
    : (local as Hall);
  // Arenas live in this process's hall only: with --redis the lobby's a says there are none yet.
  const arenas =
    local !== undefined
      ? new Arenas({
          now: () => Date.now(),
          scheduler: TIMERS,
          seat: (game, start, holders) => local.seated(game, start, holders),
          rating: (game, id) => {
            const standing = opened.ratings?.ratings().get(game)?.get(id);
            return standing ? shown(standing) : 1500;
          },
        })
      : undefined;
  opened.arenas = arenas;
  const ratings = await ratingsStore(argv, join(serverDir, 'ratings.json'), games, recordings);
  opened.ratings = ratings;
  for (const table of early.splice(0)) rate(table);
  // Kept tables reopened from the hall's file; with Redis the streams keep the tables (a table
  // lives on in another process) and the players' names are shared.
  await hall.open(book);
  // Finished tables leave the lobby after ten minutes; away seats are told when their hold ends.
  const told = new Set<string>();
  const sweep = setInterval(() => {
    hall.sweep(10 * 60_000);
    arenas?.sweep(10 * 60_000);
    // The games other processes counted reach this one's lobby.
    if (ratings instanceof RedisRatings) void ratings.refresh().catch(() => undefined);
    for (const table of hall.tables.values())
      for (const seat of table.expired()) {
        // Said once, by the process that runs the table.
        if (!hall.runsHere(table.code)) continue;
        const mark = `${table.code}:${seat}:${table.awaySince.get(seat)}`;
        if (told.has(mark)) continue;
        told.add(mark);
        table.tellAll(
          `${table.seatNames()[seat]} has been away longer than the hold: G gives the seat to the computer, E ends the game.`,
        );
        hall.touch(table);
      }
  }, 1000);
  let running;
  try {
    running = await serve({
      host: argv.host,
      port: argv.port,
      hostKey: key.privateKey,
      guests: argv.guests,
      limits: { ...LIMITS, maxConnections: argv.maxConnections, idleMs: argv.idle * 60_000 },
      world: {
        hall,
        book,
        games,
        dataDir: data,
        now: () => new Date(),
        ratings,
        web: webLink,
        arenas,
      },
      log: (line) => say(`madang: ${line}`),
      watch: counters,
    });
  } catch (error) {
    fail(`cannot listen on ${argv.host}:${argv.port}: ${(error as Error).message}`);
  }
  const served = running;
  const web = webAt
    ? await startWeb({
        ...webAt,
        running: served,
        counters,
        hall,
        redis: argv.redis,
        takeovers: () => hall.takeovers(),
      }).catch((error: Error) => fail(`cannot listen on --web ${argv.web}: ${error.message}`))
    : undefined;
  process.stdout.write(
    [
      `madang serve: listening on ${argv.host}:${running.port}`,
      `host key ${key.made ? 'made' : 'kept'} in ${join(serverDir, 'host_ed25519')}`,
      `host key fingerprint: ED25519 key ${key.fingerprint}`,
      `recordings: ${recordings}`,
      `connect: ssh -p ${running.port} ${argv.host}`,
      ...(web && webAt
        ? [`web: http://${webAt.host.includes(':') ? `[${webAt.host}]` : webAt.host}:${web.port}/`]
        : []),
      ...hall.describe().map((line) => `redis: ${redacted(argv.redis ?? '')} ${line}`),
    ]
      .map((line) => `${safeText(line)}\n`)
      .join(''),
  );
  const stop = async (signal: string) => {
    clearInterval(sweep);
    process.stdout.write(`madang serve: ${signal}, stopping\n`);
    await Promise.all([running.close(), web?.close()]);
    // Kept to be reopened, or with Redis handed on to the other processes at once.
    await Promise.race([hall.stop(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await new Promise(() => undefined);
}

/** The hall of madang serve --redis: connected before the server listens, or the reason why not. */
async function redisHall(
  argv: ServeArgs,
  url: string,
  games: readonly AnyGameModule[],
  app: string,
  recordings: string,
  think: Think,
  finished: (table: ServedTable) => void,
): Promise<RedisStore> {
  const hall = new RedisStore({
    url,
    games,
    app,
    seed: argv.seed,
    freshSeed,
    openFile: (header) =>
      openRecorder({ mode: 'auto', directory: recordings }, header, undefined, (problem) =>
        say(`madang: warning: ${problem}`),
      ),
    log: (line) => say(`madang: ${safeText(line)}`),
    scheduler: TIMERS,
    think,
    botDelay: argv.botDelay ?? 700,
    seatHold: argv.seatHold * 1000,
    now: () => Date.now(),
    code: newCode,
    finished,
  });
  const problem = await hall.connect();
  if (problem) fail(`--redis ${redacted(url)}: ${problem}`);
  return hall;
}

/**
 * The server's ratings (a file in its data directory, or Redis), checked against what its
 * recordings folder makes (`madang ratings` over it): a difference is said, and mended.
 */
async function ratingsStore(
  argv: ServeArgs,
  file: string,
  games: readonly AnyGameModule[],
  recordings: string,
): Promise<RatingsStore> {
  const warn = (problem: string) => say(`madang: warning: ${problem}`);
  let store: RatingsStore;
  if (argv.redis) {
    const redis = new Redis(argv.redis, {
      protocol: 2,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    // Redis's own word comes as an event; the failed connect itself only says it closed.
    let said: Error | undefined;
    redis.on('error', (error: Error) => (said ??= error));
    try {
      await redis.connect();
    } catch (error) {
      fail(`--redis ${redacted(argv.redis)}: ${redacted((said ?? (error as Error)).message)}`);
    }
    store = new RedisRatings(redis);
  } else store = new FileRatings(file, warn);
  // A server that has recorded nothing yet has no folder: nothing to check.
  const found = existsSync(recordings)
    ? await gather([recordings], (id) => games.find((g) => g.id === id))
    : { games: [], problems: [] };
  for (const problem of found.problems) warn(`${problem}; its game is not rated`);
  const said = await store.check(found.games, recordings);
  if (said) say(`madang: ${said}`);
  return store;
}

/** A Redis URL as it may be printed: without its password. */
const redacted = (url: string) => url.replace(/\/\/([^@/]*)@/, '//***@');

/** `madang export TABLE`: a table's stream as a recording, to a file or `out`. */
export async function exportTable(
  url: string,
  code: string,
  file: string | undefined,
  out: (text: string) => void,
): Promise<string | undefined> {
  const redis = new Redis(url, {
    protocol: 2,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // Redis's own word (WRONGPASS, a certificate refused) comes as an event; the failed connect
  // itself only says the connection closed.
  let said: Error | undefined;
  redis.on('error', (error: Error) => (said ??= error));
  try {
    await redis.connect();
    const raw = await redis.xrange(keysOf().events(code.trim().toLowerCase()), '-', '+');
    if (raw.length === 0) return `no table ${code} in ${redacted(url)} (or its record has expired)`;
    const text = recordingText(raw.map(([id, fields]) => fromFields(id, fields)));
    if (file) writeFileAtomic.sync(file, text);
    else out(text);
    return undefined;
  } catch (error) {
    return `--redis ${redacted(url)}: ${redacted((said ?? (error as Error)).message)}`;
  } finally {
    redis.disconnect();
  }
}
