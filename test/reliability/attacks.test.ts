/**
 * The attack run, kept: for every game, recorded games of computers killed with SIGKILL at random
 * moments (the recording must verify, and resume where it stops); the classic console fed
 * garbage before every answer, cut off at the end of its input, and its standard output closed;
 * and recordings tampered with (a byte changed, a line cut, dropped, doubled or swapped), which
 * verify must judge without a crash and resuming must either carry on or leave as they were.
 * Each prints its tries and failures.
 *
 * ATTACK_SEED repeats a run (the seed used is printed); ATTACK_CLI runs another build of the
 * program (the figures before a change).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verify } from '../../source/cli/verify.js';
import { seededRandom } from '../../source/engine/random.js';
import { GAMES } from '../../source/games/index.js';
import { loadRecording } from '../../source/storage/load.js';
import { lookup } from '../support/games.js';
import { resumeOnBytes } from '../support/resume.js';
import { CLI, ROOT } from '../support/tmux.js';

const BIN = process.env.ATTACK_CLI ?? CLI;
const SEED = Number(process.env.ATTACK_SEED ?? Date.now() % 100_000);
const random = seededRandom(SEED);
const dir = mkdtempSync(join(tmpdir(), 'madang-attacks-'));
let made = 0;

const figures: string[] = [`attacks: seed ${SEED} (ATTACK_SEED=${SEED} repeats this run)`];
afterAll(() => {
  for (const line of figures) console.log(line);
});

/** Each game's computers, recorded, lasting a few seconds. */
const GAME_ARGS: Record<string, string[]> = {
  yut: ['yut', '--players', '3'],
  ur: ['ur'],
  yote: ['yote'],
  kono: ['kono', '--size', '5'],
  layers: ['layers', '--players', '12', '--turns', '3'],
};

interface Ran {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly out: string;
  readonly err: string;
  readonly ms: number;
}

/** Runs the program; `during` may act on it (kill it, close its output). */
function run(
  args: string[],
  input: string | Buffer,
  during?: (child: ReturnType<typeof spawn>) => void,
  timeout = 30_000,
): Promise<Ran> {
  return new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout.on('error', () => {});
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    during?.(child);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err, ms: Date.now() - began });
    });
  });
}

/** A game of computers on the classic console, recorded in `file` (Ur's board: the default). */
const computers = (id: string, seed: number, file: string, during?: Parameters<typeof run>[2]) =>
  run(
    [
      ...(GAME_ARGS[id] ?? [id]),
      '--classic',
      '--bots',
      'all',
      '--seed',
      String(seed),
      '--record',
      file,
    ],
    '\n',
    during,
  );

/** A crash shows as a stack trace or an uncaught error, not a one-line message. */
const crashed = (err: string) => /\n\s+at |Error:|TypeError|RangeError/.test(err);

/** verify in the program's own words: its exit code, and anything thrown. */
async function verified(file: string): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await verify(
    [file],
    lookup,
    (l) => lines.push(l),
    (l) => lines.push(l),
  );
  return { code, lines };
}

describe('SIGKILL during recorded games', () => {
  it('every game: each recording left verifies and resumes', async () => {
    const perGame = 6;
    const counts = { tries: 0, failures: 0, resumed: 0, finished: 0, empty: 0 };
    const failures: string[] = [];
    for (const game of GAMES) {
      for (let trial = 0; trial < perGame; trial++) {
        const file = join(dir, `kill-${game.id}-${made++}.jsonl`);
        // Half the kills come at a moment counted from the start (perhaps before the first
        // line), half from the first move recorded: on a busy machine a start can take seconds,
        // and a game killed only before it began would prove nothing about resuming.
        const fromMove = trial % 2 === 1;
        const after = fromMove
          ? Math.floor(random.next() * 800)
          : 400 + Math.floor(random.next() * 2000);
        const seed = Math.floor(random.next() * 100_000);
        await computers(game.id, seed, file, (child) => {
          if (!fromMove) return void setTimeout(() => child.kill('SIGKILL'), after);
          const moved = setInterval(() => {
            if (!existsSync(file) || readFileSync(file, 'utf8').split('\n').length < 4) return;
            clearInterval(moved);
            setTimeout(() => child.kill('SIGKILL'), after);
          }, 10);
          child.on('exit', () => clearInterval(moved));
        });
        counts.tries++;
        if (!existsSync(file)) {
          counts.empty++;
          continue;
        }
        const check = await verified(file);
        const problem =
          check.code !== 0
            ? `verify: ${check.lines.join(' | ')}`
            : check.lines.some((l) => l.startsWith('warning'))
              ? `verify warned: ${check.lines.join(' | ')}`
              : (await resumeOnBytes(file)).problem;
        if (problem !== undefined) {
          counts.failures++;
          failures.push(
            `${game.id} seed ${seed} killed ${after} ms after its ${fromMove ? 'first move' : 'start'}: ${problem}`,
          );
        } else if (check.lines.join(' ').includes('unfinished')) counts.resumed++;
        else counts.finished++;
      }
    }
    figures.push(
      `attacks: kill -9 trials: ${counts.tries} tries, ${counts.failures} failures (${counts.resumed} resumed, ${counts.finished} finished before the kill, ${counts.empty} killed before the first line)`,
    );
    expect(failures).toEqual([]);
    expect(counts.resumed).toBeGreaterThan(0);
  }, 300_000);
});

/** Answers that play each game a while (the seeds' golden transcripts, and Layers' menu). */
const ANSWERS: Record<string, { args: string[]; answers: string[] }> = {
  yut: {
    args: ['yut'],
    answers: readFileSync(join(ROOT, 'fixtures/classic/two-players-win.answers'), 'utf8').split(
      '\n',
    ),
  },
  ur: {
    args: ['ur'],
    answers: readFileSync(join(ROOT, 'fixtures/ur/two-humans.answers'), 'utf8').split('\n'),
  },
  yote: {
    args: ['yote'],
    answers: readFileSync(join(ROOT, 'fixtures/yote/chain.answers'), 'utf8').split('\n'),
  },
  kono: {
    args: ['kono', '--bots', '2'],
    answers: readFileSync(join(ROOT, 'fixtures/kono/human-vs-computer.answers'), 'utf8').split(
      '\n',
    ),
  },
  layers: {
    args: ['layers'],
    answers: [
      '10',
      '3',
      ...Array.from(
        { length: 60 },
        (_, i) => ['1', String(i % 10), '2', '3', '2'][i % 5] as string,
      ),
    ],
  },
};

/** A line no game takes as a move (numbers too large, words of no game, bytes of no text). */
function garbage(): string {
  const kinds = [
    () => String(1000 + Math.floor(random.next() * 1e9)),
    () => '\x00\x01\x1b[2J\x7f',
    () => Buffer.from([0xff, 0xfe, 0x80, 0xc3]).toString('latin1'),
    () => '-'.repeat(1 + Math.floor(random.next() * 5000)),
    () => 'ÿ'.repeat(3) + ' ; DROP',
    () => '9 9 9 9 9 9',
    () => '∅',
  ];
  return (kinds[Math.floor(random.next() * kinds.length)] as () => string)();
}

describe('the classic consoles under fuzzing', () => {
  it('garbage before every answer, the end of input anywhere, stdout closed: no crash, no hang', async () => {
    const counts = { tries: 0, failures: 0, refusals: 0 };
    const failures: string[] = [];
    const judge = (what: string, ran: Ran, codes: number[]) => {
      counts.tries++;
      const problem = crashed(ran.err)
        ? `crashed: ${ran.err.slice(0, 300)}`
        : ran.signal === 'SIGKILL'
          ? 'hung (killed after 30 s)'
          : !codes.includes(ran.code ?? -1)
            ? `exit code ${ran.code}: ${ran.err.slice(0, 200)}`
            : ran.code === 2 && ran.err.trim().split('\n').length !== 1
              ? `exit 2 without one line: ${ran.err.slice(0, 200)}`
              : undefined;
      if (problem !== undefined) {
        counts.failures++;
        failures.push(`${what}: ${problem}`);
      }
    };
    for (const game of GAMES) {
      const { args, answers } = ANSWERS[game.id] ?? { args: [game.id], answers: [] };
      const common = [...args, '--classic', '--no-record'];
      for (let trial = 0; trial < 3; trial++) {
        const seed = String(Math.floor(random.next() * 100_000));
        // Garbage before every answer: each is refused with a reason, then the answer is taken.
        const lines = answers.flatMap((a) => [garbage(), a]);
        const fed = await run([...common, '--seed', seed], `${lines.join('\n')}\n`);
        counts.refusals += fed.out.split('Invalid input: ').length - 1;
        judge(`${game.id} seed ${seed} garbage`, fed, [0, 2]);
        // The end of input anywhere: the run ends cleanly where it is.
        const cut = lines.slice(0, Math.floor(random.next() * lines.length)).join('\n');
        judge(
          `${game.id} seed ${seed} input cut`,
          await run([...common, '--seed', seed], cut),
          [0, 2],
        );
      }
      // Standard output closed by its reader after the first bytes: the program ends quietly.
      const closed = await run(
        [...(GAME_ARGS[game.id] ?? [game.id]), '--classic', '--bots', 'all', '--no-record'],
        '\n',
        (child) => child.stdout?.once('data', () => child.stdout?.destroy()),
      );
      judge(`${game.id} stdout closed`, closed, [0]);
    }
    figures.push(
      `attacks: classic fuzz: ${counts.tries} tries, ${counts.failures} failures (${counts.refusals} garbage answers refused)`,
    );
    expect(failures).toEqual([]);
    expect(counts.refusals).toBeGreaterThan(0);
  }, 300_000);
});

describe('tampered recordings', () => {
  it('every game: verify judges each without a crash; resuming goes on or leaves it as it was', async () => {
    const perGame = 60;
    const counts = { tries: 0, failures: 0, refused: 0, resumed: 0 };
    const failures: string[] = [];
    for (const game of GAMES) {
      const source = join(dir, `tamper-${game.id}.jsonl`);
      await computers(game.id, 5, source);
      const bytes = readFileSync(source);
      const lines = bytes.toString('utf8').split('\n');
      const tampers: [string, () => Buffer][] = [
        [
          'a byte changed',
          () => {
            const b = Buffer.from(bytes);
            b[Math.floor(random.next() * b.length)] = Math.floor(random.next() * 256);
            return b;
          },
        ],
        ['cut short', () => bytes.subarray(0, Math.floor(random.next() * bytes.length))],
        [
          'a line dropped',
          () => {
            const l = [...lines];
            l.splice(1 + Math.floor(random.next() * (l.length - 2)), 1);
            return Buffer.from(l.join('\n'));
          },
        ],
        [
          'a line doubled',
          () => {
            const l = [...lines];
            const at = 1 + Math.floor(random.next() * (l.length - 2));
            l.splice(at, 0, l[at] as string);
            return Buffer.from(l.join('\n'));
          },
        ],
        [
          'two lines swapped',
          () => {
            const l = [...lines];
            const at = 1 + Math.floor(random.next() * (l.length - 3));
            [l[at], l[at + 1]] = [l[at + 1] as string, l[at] as string];
            return Buffer.from(l.join('\n'));
          },
        ],
      ];
      for (let trial = 0; trial < perGame; trial++) {
        const [what, tamper] = tampers[trial % tampers.length] as [string, () => Buffer];
        const file = join(dir, `tampered-${game.id}-${made++}.jsonl`);
        writeFileSync(file, tamper());
        counts.tries++;
        let problem: string | undefined;
        try {
          const check = await verified(file);
          if (![0, 1, 2].includes(check.code)) problem = `verify exit code ${check.code}`;
          problem ??= (await resumeOnBytes(file)).problem;
          const loaded = await loadRecording(file, lookup);
          if (loaded.ok && !loaded.finished) counts.resumed++;
          else counts.refused++;
        } catch (error) {
          problem = `threw: ${(error as Error).stack}`;
        }
        if (problem !== undefined) {
          counts.failures++;
          failures.push(`${game.id} ${what} (${file}): ${problem}`);
        }
      }
    }
    figures.push(
      `attacks: tampered recordings: ${counts.tries} tries, ${counts.failures} failures (${counts.resumed} resumable, ${counts.refused} refused or finished)`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
