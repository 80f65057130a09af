/**
 * Attacks on what the program shows of outside text and of the disk (issue 45, item 8): each case
 * prints its tries and failures, and has none. ATTACK_CLI runs another build of the program (the
 * figures before a change).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/tmux.js';

const BIN = process.env.ATTACK_CLI ?? CLI;
const dir = mkdtempSync(join(tmpdir(), 'madang-attacks-gate-'));
let made = 0;
const fresh = (name: string) => {
  const path = join(dir, `${made++}-${name}`);
  mkdirSync(path);
  return path;
};

const figures: string[] = [];
afterAll(() => {
  for (const line of figures) console.log(line);
});

/** Each try's failures (a sentence each, empty when it held); the case's line is printed. */
function attack(name: string, tries: () => string[][]): void {
  const found = tries();
  const failures = found.filter((f) => f.length > 0);
  figures.push(`attack ${name}: ${found.length} tries, ${failures.length} failures`);
  expect(failures).toEqual([]);
  expect(found.length).toBeGreaterThan(0);
}

// Without FORCE_COLOR (the tests set it): the program's own colours are not what is looked for.
const plain = { ...process.env };
delete plain.FORCE_COLOR;

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}
const run = (args: string[], input = '', env: NodeJS.ProcessEnv = plain): Ran => {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env,
    timeout: 60_000,
    maxBuffer: 64 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** A control character, an escape sequence or a bidi control that would act on a terminal. */
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const PAYLOADS = [
  '\x1b]0;pwned\x07',
  '\x1b[2J',
  '\u009b2J',
  '\u202eevil',
  '\x1b[8mhidden',
  '\x1b[5;41m',
  '\x1b[31mred',
];

describe('escape sequences in the data directory --help names', () => {
  it('--help shows the directory with its escapes made visible, from MADANG_DATA_DIR and --data-dir', () => {
    attack('help-data-dir', () =>
      PAYLOADS.flatMap((payload) => {
        const data = join(dir, `data-${made++}${payload}`);
        return [
          run(['--help'], '', { ...plain, MADANG_DATA_DIR: data }),
          run(['--data-dir', data, '--help']),
        ].map((ran) => {
          const problems: string[] = [];
          if (ran.code !== 0) problems.push(`exit ${ran.code}: ${ran.err}`);
          if (!ran.out.includes('--data-dir')) problems.push('no help');
          const raw = new RegExp(`.{0,30}${RAW.source}.{0,10}`, 'su').exec(ran.out + ran.err);
          if (raw) problems.push(`raw: ${JSON.stringify(raw[0])}`);
          return problems;
        });
      }),
    );
  });
});

/** A Kono save of 5×5 in each form with one token a million characters long. */
const HUGE = 'X'.repeat(1_000_000);
const KONO_SAVES: Record<string, string> = {
  text: `Round: 2\n\nComputer:\n   Score: 4\n   Color: Black\n\nHuman:\n   Score: 7\n   Color: White\n\nBoard:\n   B  O  O  O  O\n   O  O${HUGE}  O  O  O\n   O  O  O  O  O\n   O  W  O  O  O\n   O  WW  WW  O  WW\n\nNext Player: Human\n`,
  LISP: `(2 4 Bla${HUGE}ck 7 White ((O)) Human)\n`,
  Prolog: `[2, 4, bla${HUGE}ck, 7, white, [[o]], human]\n`,
};
/** Longer than any line a refusal needs: the token's start names it. */
const LONGEST_LINE = 300;

describe('a Kono save with a token of a million characters', () => {
  it('is refused naming the file and line, with the token cut, through --load and the classic resume', () => {
    attack('kono-long-token', () =>
      Object.entries(KONO_SAVES).flatMap(([form, text]) => {
        const save = join(fresh('kono'), `${form}.txt`);
        writeFileSync(save, text);
        return [
          run(['kono', '--load', save, '--no-record']),
          run(['kono', '--no-record'], `y\n${save}\n`),
        ].map((ran) => {
          const problems: string[] = [];
          const all = ran.out + ran.err;
          if (!all.includes(`${save}:`)) problems.push(`${form}: the file is not named`);
          const longest = Math.max(...all.split('\n').map((l) => l.length));
          if (longest > LONGEST_LINE) problems.push(`${form}: a line of ${longest} characters`);
          return problems;
        });
      }),
    );
  });
});

/** Ur's classic game of two perfect computers on a data directory, two stones. */
const perfectGame = (data: string) =>
  run(
    [
      'ur',
      '--classic',
      '--bots',
      'all',
      '--level',
      'perfect',
      '--stones',
      '2',
      '--no-record',
      '--data-dir',
      data,
    ],
    '\n',
  );
const STACK = /\n\s+at /;

describe('a folder, or a damaged file, in place of the solved Ur table', () => {
  it('the perfect level and analyze say which file and what is wrong with it; no stack trace', () => {
    // A good table of two stones, solved once; its name is the one looked for.
    const good = fresh('ur-good');
    expect(run(['ur', 'solve', '--stones', '2', '--data-dir', good]).code).toBe(0);
    const name = readdirSync(join(good, 'ur-tables')).find((n) => n.endsWith('.table')) ?? '';
    const recording = join(dir, 'ur-2.jsonl');
    writeFileSync(recording, readFileSync('fixtures/analysis/ur-exact.jsonl'));
    attack('ur-table-damaged', () => {
      const tries: string[][] = [];
      // A folder.
      const folder = fresh('ur-folder');
      mkdirSync(join(folder, 'ur-tables', name), { recursive: true });
      // The values changed: the checksum does not hold.
      const damaged = fresh('ur-damaged');
      mkdirSync(join(damaged, 'ur-tables'));
      const bytes = readFileSync(join(good, 'ur-tables', name));
      bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0xff;
      writeFileSync(join(damaged, 'ur-tables', name), bytes);
      for (const [what, data] of [
        ['a folder', folder],
        ['damaged', damaged],
      ] as const) {
        const table = join(data, 'ur-tables', name);
        for (const ran of [
          perfectGame(data),
          run(['analyze', recording, '--data-dir', data]),
          run(['analyze', recording, '--json', '--data-dir', data]),
        ]) {
          const problems: string[] = [];
          const all = ran.out + ran.err;
          if (STACK.test(all)) problems.push(`${what}: a stack trace: ${ran.err.slice(0, 200)}`);
          if (!all.includes(table)) problems.push(`${what}: the table is not named`);
          if (/no solved table/.test(all)) problems.push(`${what}: called "no solved table"`);
          if (what === 'a folder' && !/folder/.test(all)) problems.push('a folder: not said');
          if (what === 'damaged' && !/damaged/.test(all)) problems.push('damaged: not said');
          tries.push(problems);
        }
      }
      return tries;
    });
  }, 240_000);
});

/**
 * The disks are real: a small tmpfs mounted in a mount namespace of the program's own (unshare
 * -m, so it is gone when the program ends). That needs root: without it these cases are skipped.
 */
const canMount =
  spawnSync('unshare', ['-m', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs '${dir}'`]).status ===
  0;

/**
 * The program run with `disk` a tmpfs of 64 KiB in a mount namespace of its own: full (a file
 * fills it) or read-only (remounted so, with `ready` made in it first).
 */
function onDisk(disk: string, state: 'full' | 'read-only', args: string[], input = ''): Ran {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const prepare =
    state === 'full'
      ? `head -c 1048576 /dev/zero > ${q(join(disk, 'filler'))} 2>/dev/null;`
      : `mkdir -p ${q(join(disk, 'data'))} && mount -o remount,ro ${q(disk)} &&`;
  const script = `mount -t tmpfs -o size=64k tmpfs ${q(disk)} && ${prepare} exec ${q(process.execPath)} ${[BIN, ...args].map(q).join(' ')}`;
  const r = spawnSync('unshare', ['-m', 'sh', '-c', script], {
    input,
    encoding: 'utf8',
    env: plain,
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** What a disk failure's message must do: name the file, say what happened in words. */
function judged(ran: Ran, file: string, words: RegExp): string[] {
  const all = ran.out + ran.err;
  const problems: string[] = [];
  if (STACK.test(all)) problems.push(`a stack trace: ${ran.err.slice(0, 200)}`);
  if (!all.includes(file))
    problems.push(`${file} is not named: ${JSON.stringify(all.slice(-300))}`);
  if (!words.test(all))
    problems.push(`not said in words (${words}): ${JSON.stringify(all.slice(-300))}`);
  // Node's own message ("ENOSPC: no space left on device, write") names no file.
  if (/E[A-Z]+: [a-z ,-]+, (?:write|mkdir|open|rename)/.test(all))
    problems.push(`Node's message: ${JSON.stringify(all.match(/E[A-Z]+: .*/)?.[0])}`);
  if (/\b0\.00 GiB/.test(all))
    problems.push(`a size as 0.00 GiB: ${all.match(/.*0\.00 GiB.*/)?.[0]}`);
  return problems;
}

/** Kono's classic game saved from the menu at its first turn (as test/games/kono/classic.test.ts). */
const KONO = ['kono', '--bots', '2', '--classic', '--seed', '8', '--size', '5', '--no-record'];
const konoInput = (save: string) => `n\nwhite\n2\n2 1\nsoutheast\n2\n1\n${save}\n`;

describe.skipIf(!canMount)('a full or read-only disk', () => {
  it('a Kono save and a solved table on a full disk: each message names the file and says the disk is full', () => {
    attack('disk-full', () => {
      const disk = fresh('full');
      const save = join(disk, 'kono.txt');
      const data = join(disk, 'data');
      return [
        judged(onDisk(disk, 'full', KONO, konoInput(save)), save, /disk is full/),
        judged(
          onDisk(disk, 'full', ['ur', 'solve', '--stones', '2', '--data-dir', data]),
          join(data, 'ur-tables'),
          /(?:KiB|MiB|bytes) of disk in .* free|disk is full/,
        ),
      ];
    });
  });

  it('a Kono save and a solved table on a read-only disk: each message names the file and says it is read-only', () => {
    attack('disk-read-only', () => {
      const disk = fresh('read-only');
      const save = join(disk, 'kono.txt');
      const data = join(disk, 'data');
      return [
        judged(onDisk(disk, 'read-only', KONO, konoInput(save)), save, /read-only/),
        judged(
          onDisk(disk, 'read-only', ['ur', 'solve', '--stones', '2', '--data-dir', data]),
          join(data, 'ur-tables'),
          /read-only/,
        ),
        judged(
          onDisk(disk, 'read-only', [
            'ur',
            'solve',
            '--stones',
            '2',
            '--data-dir',
            join(disk, 'gone'),
          ]),
          join(disk, 'gone'),
          /read-only/,
        ),
      ];
    });
  });
});
