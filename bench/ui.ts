/**
 * The full-screen UI's figures: how long from a key to the next frame written, in the built
 * program in a real pseudo-terminal (util-linux `script`) and in process through madang's
 * renderer to a terminal's diff of 100×30; and from starting the built program in a
 * pseudo-terminal to its first frame. The program runs on the Node that runs the bench.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { App, type AppOptions } from '../source/app/App.js';
import { SessionFactory } from '../source/table/session.js';
import { ClientScreen } from '../source/render/frames.js';
import { renderScreen } from '../source/render/screen.js';
import { keysOf } from '../source/ui/keys.js';
import { NO_RECORDING } from '../source/engine/recording.js';
import { GAMES } from '../source/games/index.js';
import { type Figure, fmt, type Section } from './report.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The App on madang's renderer, as the program draws it (render/screen.ts into a terminal's
 * diff, render/frames.ts) at a size: `type` hands it an input, `onWrite` is told of each frame
 * that writes bytes.
 */
export function drawApp(options: AppOptions, columns: number, rows: number) {
  const terminal = new ClientScreen(rows);
  let press: ((key: string) => void) | undefined;
  // Keys typed before the screens listen wait for them, as the program's own terminal keeps them.
  const waiting: string[] = [];
  const drawn = {
    onWrite: undefined as (() => void) | undefined,
    type: (data: string) => {
      for (const key of keysOf(data)) (press ?? ((k: string) => waiting.push(k)))(key);
    },
    unmount: () => screen.unmount(),
  };
  const screen = renderScreen(createElement(App, { options }), {
    columns,
    rows,
    frame: (shown) => {
      terminal.show(shown);
      if (terminal.change() !== '') drawn.onWrite?.();
    },
    keys: (listener) => {
      press = listener;
      for (const key of waiting.splice(0)) listener(key);
      return () => {
        if (press === listener) press = undefined;
      };
    },
    exit: () => undefined,
  });
  return drawn;
}

/**
 * Key → frame through the program's own render path: the App drawn by madang's renderer
 * (render/screen.ts) into a terminal's diff (render/frames.ts), led to its screen by `lead`, then
 * `samples` keys (`keyAt(i)`), each timed from its input to its frame's bytes.
 */
export async function keyToFrameOf(
  options: AppOptions,
  lead: readonly string[],
  keyAt: (i: number) => string,
  samples: number,
): Promise<number[]> {
  const app = drawApp(options, 100, 30);
  const type = app.type;
  for (const key of lead) {
    type(key);
    await sleep(50);
  }
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const written = new Promise<number>((resolve) => {
      app.onWrite = () => resolve(performance.now());
    });
    const start = performance.now();
    type(keyAt(i));
    times.push((await written) - start);
    app.onWrite = undefined;
    await sleep(40);
  }
  app.unmount();
  return times;
}

/** Options for a bench App: every game, nothing recorded, the data folder unused. */
export const benchOptions = (opening: AppOptions['opening']): AppOptions => ({
  games: GAMES,
  opening,
  sessions: new SessionFactory({
    seed: 5,
    app: 'bench',
    openRecorder: () => NO_RECORDING,
    appendRecorder: () => NO_RECORDING,
    freshSeed: () => 5,
    now: () => new Date(),
  }),
  setupContext: () => ({ settings: {}, kinds: [], dataDir: '.', warn: () => {} }),
});

/**
 * Key → frame on the play screen: l opens the log over the board and any other key puts it away,
 * so every key changes the full screen (←/→ changed nothing on this board: Ink 6 drew the same
 * frame again, Ink 8 draws nothing, and a key with no frame would wait for ever).
 */
const keyToFrame = (samples: number) =>
  keyToFrameOf(
    benchOptions({ kind: 'entry', entry: 'yut' }),
    // Setup → Start, then throw until a move is due, so the board previews a landing.
    ['\x1b[A', '\r', ' ', ' ', ' '],
    (i) => (i % 2 === 0 ? 'l' : 'z'),
    samples,
  );

/**
 * The CPU of a frame of a game of Yut in process (madang's renderer at 80×24, two people at the
 * keyboard, Space and Enter in turn: a throw, a move), with keys `gap` ms apart. At a person's
 * pace the same frame costs more than in a burst: the code of a frame runs cold (the processor's
 * caches hold other work by the next key), which is what a served table at a person's pace pays.
 */
async function cpuPerFrame(gap: number, keys: number): Promise<number> {
  const app = drawApp(benchOptions({ kind: 'entry', entry: 'yut' }), 80, 24);
  // Setup → Start, then a burst to warm the code up.
  for (const key of ['\x1b[A', '\r']) {
    app.type(key);
    await sleep(50);
  }
  for (let i = 0; i < 200; i++) {
    app.type(i % 2 === 0 ? ' ' : '\r');
    await sleep(1);
  }
  let frames = 0;
  app.onWrite = () => frames++;
  const from = process.cpuUsage();
  for (let i = 0; i < keys; i++) {
    app.type(i % 2 === 0 ? ' ' : '\r');
    await sleep(gap);
  }
  const used = process.cpuUsage(from);
  app.unmount();
  return (used.user + used.system) / 1000 / Math.max(1, frames);
}

/**
 * The built program, the command users run: this checkout's bundle, or another's
 * (MADANG_BENCH_CLI, as the serve section takes it: a before and an after side by side).
 */
const CLI =
  process.env.MADANG_BENCH_CLI ?? fileURLToPath(new URL('../../dist/madang.js', import.meta.url));

/** The version of Ink installed, which the build bundles into dist/. */
const inkVersion = (): string => {
  // Ink's exports do not include its package.json: found from its entry, up.
  let dir = dirname(fileURLToPath(import.meta.resolve('ink')));
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const found = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (found.name === 'ink') return found.version ?? '?';
    } catch {
      // no package.json here: one folder up
    }
  }
  return '?';
};

/**
 * The built program in a pseudo-terminal of 100×30 (util-linux `script`; the shell execs node,
 * so the pty's child is the program itself), its data in a folder of its own.
 */
function inPty(args: string, cli = CLI) {
  const data = mkdtempSync(join(tmpdir(), 'madang-bench-ui-'));
  const child = spawn(
    'script',
    ['-qfec', `stty cols 100 rows 30; exec ${process.execPath} ${cli} ${args}`, '/dev/null'],
    { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, MADANG_DATA_DIR: data } },
  );
  const done = () => {
    child.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  };
  return { child, done };
}

/**
 * Key → frame in the built program (dist/madang.js, the Ink it bundles, on the Node running the
 * bench) through a real pty: from a key written to the terminal to the first bytes of the frame
 * it caused, the way a terminal sees it. The same screen and keys as in process. A key that gets
 * no frame within 2 s is counted, not waited for.
 */
export async function builtKeyToFrame(
  samples: number,
  cli = CLI,
): Promise<{ times: number[]; missed: number } | undefined> {
  if (spawnSync('script', ['--version']).status !== 0) return undefined;
  const { child, done } = inPty('yut --seed 5 --no-record', cli);
  let seen = '';
  let onData: (() => void) | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    seen += chunk.toString();
    onData?.();
  });
  /** Until no bytes came for `quietMs` (or `limitMs` passed). */
  const quiet = async (quietMs: number, limitMs = 10_000) => {
    const end = performance.now() + limitMs;
    let length: number;
    do {
      length = seen.length;
      await sleep(quietMs);
    } while (seen.length !== length && performance.now() < end);
  };
  try {
    const end = performance.now() + 20_000;
    while (!seen.includes('Start') && performance.now() < end) await sleep(20);
    if (!seen.includes('Start')) return undefined;
    // Setup → Start, then throw until a move is due, as in process.
    for (const key of ['\x1b[A', '\r', ' ', ' ', ' ']) {
      child.stdin.write(key);
      await quiet(100);
    }
    const times: number[] = [];
    let missed = 0;
    for (let i = 0; i < samples; i++) {
      const frame = new Promise<number | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), 2000);
        onData = () => {
          clearTimeout(timer);
          resolve(performance.now());
        };
      });
      const start = performance.now();
      child.stdin.write(i % 2 === 0 ? 'l' : 'z');
      const at = await frame;
      onData = undefined;
      if (at === undefined) missed++;
      else times.push(at - start);
      await quiet(40); // the whole frame, and past Ink's 30 fps throttle
    }
    return { times, missed };
  } finally {
    done();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux), or NaN. */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Start → first frame: the built program in a pseudo-terminal, until the menu is drawn; its wall
 * time and its CPU then (the shell execs node, so the pty's child is the program itself).
 */
async function startToFrame(runs: number): Promise<{ wall: number; cpu: number }[] | undefined> {
  if (spawnSync('script', ['--version']).status !== 0) return undefined;
  const times: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const { child, done } = inPty('');
    const time = await new Promise<{ wall: number; cpu: number }>((resolve) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (!seen.includes('Yut Nori')) return;
        const wall = performance.now() - start;
        const node = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' });
        resolve({ wall, cpu: cpuOf(Number(node.stdout.trim().split('\n')[0])) * 1000 });
      });
      child.on('exit', () => resolve({ wall: Number.NaN, cpu: Number.NaN }));
    });
    done();
    times.push(time);
  }
  return times.filter((t) => !Number.isNaN(t.wall));
}

/** A bare `node -e 0`: its CPU (ms), the floor under any start. */
function bareNode(runs: number): number[] {
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time ${process.execPath} -e 0`], {
      encoding: 'utf8',
    });
    const [user = NaN, system = NaN] =
      run.stderr.trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
    cpus.push((user + system) * 1000);
  }
  return cpus.filter((c) => !Number.isNaN(c));
}

export async function uiSection(quick: boolean): Promise<Section> {
  const ink = inkVersion();
  const node = process.versions.node;
  const figures: Figure[] = [];
  const built = await builtKeyToFrame(quick ? 40 : 300);
  if (built && built.times.length > 0)
    figures.push(
      {
        what: `key → full board frame (l, z), median (${built.times.length} keys): the built program, real pty, Node ${node}`,
        value: `${fmt(median(built.times), 2)} ms`,
        target: '< 16 ms',
      },
      {
        what: '  95th percentile',
        value: `${fmt(percentile(built.times, 0.95), 2)} ms`,
      },
      ...(built.missed > 0
        ? [{ what: '  keys that got no frame within 2 s', value: fmt(built.missed), target: '0' }]
        : []),
    );
  else figures.push({ what: 'key → frame, the built program', value: 'not measured' });
  const keys = await keyToFrame(quick ? 40 : 300);
  figures.push(
    {
      what: `key → full board frame in process (madang's renderer, unbundled, to a terminal's diff), median (${keys.length} keys)`,
      value: `${fmt(median(keys), 2)} ms`,
    },
    {
      what: '  95th percentile',
      value: `${fmt(percentile(keys, 0.95), 2)} ms`,
    },
  );
  const bursts = await cpuPerFrame(2, quick ? 200 : 1000);
  const paced = await cpuPerFrame(100, quick ? 40 : 200);
  figures.push({
    what: 'CPU of a frame of Yut in process (80×24, throws and moves), keys 2 ms · 100 ms apart',
    value: `${fmt(bursts, 2)} · ${fmt(paced, 2)} ms`,
  });
  const starts = await startToFrame(quick ? 3 : 10);
  if (starts && starts.length > 0) {
    figures.push(
      {
        what: `start → first frame, median (${starts.length} runs, real pty, Node ${node})`,
        value: `${fmt(median(starts.map((s) => s.wall)), 0)} ms`,
        target: '< 500 ms',
      },
      {
        what: 'start → first frame: CPU of the program, median',
        value: `${fmt(median(starts.map((s) => s.cpu)), 0)} ms`,
        target: '≤ 250 ms',
      },
      {
        what: 'a bare `node -e 0`: its CPU, median',
        value: `${fmt(median(bareNode(quick ? 3 : 10)), 0)} ms`,
      },
    );
  } else {
    figures.push({ what: 'start → first frame', value: 'not measured (needs util-linux script)' });
  }
  return {
    title: `Full-screen UI (madang's renderer; Ink ${ink} for layout's reference)`,
    figures,
  };
}
