/**
 * Escape sequences from files, answers and recordings never reach the terminal: every payload
 * through every path of the built program that shows outside text, on each of its three ways
 * out (the one-line messages, the classic consoles, the full screen), and none comes out raw.
 *
 * PATHS is the table of those paths. A game in the registry without a classic and a screen path,
 * or a file it keeps (GameModule.dataFiles) without a path that shows it, fails here; and the
 * source is read for writes to the terminal that do not go through one of the gates.
 * ATTACK_CLI runs another build of the program (the figures before a change).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classicText, safeText, screenText } from '../../source/engine/safe-text.js';
import { GAMES } from '../../source/games/index.js';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

const PAYLOADS: readonly (readonly [string, string])[] = [
  ['OSC title', '\x1b]0;pwned\x07'],
  ['clear screen', '\x1b[2J'],
  ['C1 CSI', '\u009b2J'],
  ['C1 OSC', '\u009d0;pwned\u009c'],
  ['right-to-left override', '\u202eevil'],
  ['bidi isolates', '\u2066x\u2069'],
  ['more isolates', '\u2067\u2068'],
  ['bell and backspace', '\x07\x08\x08'],
  // Colours (SGR) the program never writes: text hidden, blinking, another background.
  ['SGR conceal', '\x1b[8mhidden\x1b[28m'],
  ['SGR blink and colours', '\x1b[5;41m\x1b[38;5;196mx\x1b[0m'],
  // One it writes: only outside text made safe where it is shown keeps it out.
  ['SGR red', '\x1b[31mred'],
];
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * What the full screen writes of its own, taken out before looking: the alternate screen (in and
 * out), the cursor, a whole-screen clear, synchronized output, the colours and styles the screens
 * use (one number each: foreground colours, bold, dim, underline, inverse, their ends), the
 * cursor put at a row and column and a row's rest erased (the changed cells of a frame, as
 * render/frames.ts writes them) and the terminal's CR before each LF (a frame's text keeps no
 * other escape). A payload's
 * `ESC [ 2 J` alone, or its `ESC [ 8 m`, is not one of these, so it is still found.
 */
const OWN_SCREEN =
  /\r\n|\x1b\[\?1049h\x1b\[2J\x1b\[H|\x1b\[H\x1b\[2J\x1b\[\?25h\x1b\[\?1049l|\x1b\[2J\x1b\[H|\x1b\[\?(?:25|1049|2026)[hl]|\x1b\[(?:0|1|2|4|7|22|24|27|3[0-79]|9[0-7])m|\x1b\[(?:[0-9]*[ABEGK]|J)|\x1b\[[0-9]+;[0-9]+H/g;

/** What the classic consoles write of their own: Yut's seat colours and their end. */
const OWN_CLASSIC = /\x1b\[(?:31|94|32|33|0)m/g;

const BIN = process.env.ATTACK_CLI ?? CLI;
const dir = mkdtempSync(join(tmpdir(), 'madang-injection-'));
let made = 0;
const file = (name: string, text: string) => {
  const path = join(dir, `${made++}-${name}`);
  writeFileSync(path, text);
  return path;
};
// Without FORCE_COLOR (the tests set it): the program's own colours are not what is looked for.
const env = { ...process.env };
delete env.FORCE_COLOR;
const run = (args: string[], input = '') => {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env,
    timeout: 20_000,
  });
  return [r.stdout, r.stderr];
};

/** The full screen in tmux, its raw output tapped; `then` drives it and waits for the path. */
async function onScreen(
  command: string,
  then: (terminal: Terminal) => Promise<string>,
  prepare?: (terminal: Terminal) => void,
): Promise<string[]> {
  const tap = join(dir, `${made++}-screen.raw`);
  // The shell waits a moment, so that the tap is in place before the program's first byte.
  const terminal = new Terminal(`sleep 0.3; node ${BIN} ${command}`);
  try {
    terminal.tap(tap);
    prepare?.(terminal);
    const screen = await then(terminal);
    await terminal.settled();
    return [screen, readFileSync(tap, 'utf8')];
  } finally {
    terminal.close();
  }
}

type Channel = 'message' | 'classic' | 'screen';
interface OutsidePath {
  readonly channel: Channel;
  /** The game it belongs to (undefined: the program's own, for every game). */
  readonly game?: string;
  /** Where the outside text comes from: 'answer', 'recording', or a file's name. */
  readonly from: string;
  readonly what: string;
  /** Shows `payload` through the path; everything the program wrote. */
  show(payload: string): Promise<string[]> | string[];
  /** Seen in what was written when the path was really taken (not refused on the way). */
  readonly seen: string | RegExp;
}

/** Each game's own recording, made once: the header of a game of computers and a few moves. */
const recordings = new Map<string, string[]>();
const GAME_RUNS: Record<string, { args: string[]; input?: string }> = {
  yut: { args: ['yut', '--players', '2'] },
  ur: { args: ['ur'], input: '\n' },
  yote: { args: ['yote'] },
  kono: { args: ['kono', '--size', '5'] },
  layers: { args: ['layers', '--players', '10', '--turns', '2'] },
};
/**
 * A recording of `game`, unfinished, up to the computer's first reason: its first player is
 * named Ann and the payload, and that reason says the same.
 */
function recordingOf(game: string, payload: string): string {
  const [header, ...events] = recordings.get(game) ?? [];
  const parsed = JSON.parse(header ?? '{}') as { players: { name: string }[] };
  (parsed.players[0] as { name: string }).name = `Ann${payload}`;
  const reason = events.findIndex((e) => e.includes('"session/explained"'));
  const kept = events
    .slice(0, Math.max(6, reason + 1))
    .map((e, i) =>
      i === reason ? JSON.stringify({ type: 'session/explained', reason: `Ann${payload}` }) : e,
    );
  return file(`${game}.jsonl`, [JSON.stringify(parsed), ...kept, ''].join('\n'));
}

const KONO_SAVES: Record<string, (payload: string) => string> = {
  text: (p) =>
    `Round: 2\n\nComputer:\n   Score: 4\n   Color: Black\n\nHuman:\n   Score: 7\n   Color: White\n\nBoard:\n   B  O  O  O  O\n   O  O${p}  O  O  O\n   O  O  O  O  O\n   O  W  O  O  O\n   O  WW  WW  O  WW\n\nNext Player: Human\n`,
  LISP: (p) => `(2 4 Bla${p}ck 7 White ((O)) Human)\n`,
  Prolog: (p) => `[2, 4, bla${p}ck, 7, white, [[o]], human]\n`,
};

const PATHS: OutsidePath[] = [
  // The one-line messages: verify's report, a throw script, a board file, a file's name.
  {
    channel: 'message',
    from: 'recording',
    what: 'a closing line whose winner is the payload',
    show: (p) =>
      run([
        'verify',
        file(
          'end.jsonl',
          `${recordings.get('yut')?.[0]}\n${JSON.stringify({ type: 'session/ended', outcome: { status: 'won', winner: p } })}\n`,
        ),
      ]),
    seen: 'madang:',
  },
  {
    channel: 'message',
    from: 'recording',
    what: "a header's game and an event's type",
    show: (p) => [
      ...run([
        'verify',
        file(
          'game.jsonl',
          `{"format":"madang-recording","version":1,"game":${JSON.stringify(p)}}\n`,
        ),
      ]),
      ...run([
        'verify',
        file('event.jsonl', `${recordings.get('yut')?.[0]}\n${JSON.stringify({ type: p })}\n`),
      ]),
    ],
    seen: 'madang:',
  },
  {
    channel: 'message',
    from: '--throws',
    what: "a throw script's bad line",
    show: (p) => run(['yut', '--throws', file('throws.txt', `gae\n${p}\n`)]),
    seen: 'madang:',
  },
  {
    channel: 'message',
    from: '--board',
    what: "a board file's broken JSON",
    show: (p) => run(['ur', '--board', file('board.ur', `[[{"position": "${p}`)]),
    seen: 'madang:',
  },
  {
    channel: 'message',
    from: 'argument',
    what: "a missing file's name",
    show: (p) => run(['verify', join(dir, `missing-${p}.jsonl`)]),
    seen: 'madang:',
  },
  ...GAMES.map((game): OutsidePath => ({
    channel: 'message',
    game: game.id,
    from: 'recording',
    what: "verify's report of the players' names",
    show: (p) => run(['verify', recordingOf(game.id, p)]),
    seen: 'Ann',
  })),
  // The classic consoles: typed answers quoted back, names echoed, files read.
  {
    channel: 'classic',
    game: 'yut',
    from: 'answer',
    what: 'a refused answer',
    show: (p) => run(['yut', '--no-record'], `1\n${p}\n2\n1\n`),
    seen: 'Invalid input',
  },
  {
    channel: 'classic',
    game: 'yut',
    from: 'user_info.txt',
    what: 'the advanced game reading accounts with a bad line',
    show: (p) => {
      const data = mkdtempSync(join(dir, 'yut-'));
      writeFileSync(join(data, 'user_info.txt'), `Noah 22d34h\nAnn${p} abc123\n`);
      return run(
        ['yut', '--advanced', '--classic', '--no-record', '--data-dir', data],
        '2\nNoah\n22d34h\n',
      );
    },
    seen: 'Logged-in ID List : Noah',
  },
  {
    channel: 'classic',
    game: 'yut',
    from: 'game_info.txt',
    what: 'the advanced game reading saves with a bad line',
    show: (p) => {
      const data = mkdtempSync(join(dir, 'yut-'));
      writeFileSync(join(data, 'user_info.txt'), 'Noah 22d34h\nLiam abc123\n');
      writeFileSync(
        join(data, 'game_info.txt'),
        `Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1\nAnn${p} Liam | x\n`,
      );
      return run(
        ['yut', '--advanced', '--classic', '--no-record', '--data-dir', data],
        '2\nNoah\n22d34h\n2\nLiam\nabc123\n1\n',
      );
    },
    seen: 'Logged-in ID List : Noah Liam',
  },
  {
    channel: 'classic',
    game: 'ur',
    from: 'answer',
    what: 'the name echoed (“… you will play as white”)',
    show: (p) => run(['ur', '--no-record'], `\nAnn${p}\nBob\n`),
    seen: /Ann.* you will play as white/,
  },
  {
    channel: 'classic',
    game: 'ur',
    from: 'answer',
    what: "a board file's name that is not there",
    show: (p) => run(['ur', '--no-record'], `${p}\n`),
    seen: 'Invalid input',
  },
  {
    channel: 'classic',
    game: 'yote',
    from: 'answer',
    what: 'the name echoed in the colour question',
    show: (p) => run(['yote', '--no-record'], `Ann${p}\nBob\n`),
    seen: /Ann.*, which colour/,
  },
  {
    channel: 'classic',
    game: 'kono',
    from: 'answer',
    what: 'a refused answer',
    show: (p) => run(['kono', '--no-record'], `${p}\n`),
    seen: 'Invalid input',
  },
  ...Object.entries(KONO_SAVES).map(([form, save]): OutsidePath => ({
    channel: 'classic',
    game: 'kono',
    from: 'kono-save.txt',
    what: `the resume prompt reading a save in the ${form} form`,
    show: (p) => run(['kono', '--no-record'], `y\n${file(`save-${form}.txt`, save(p))}\n`),
    seen: 'Invalid input',
  })),
  {
    channel: 'classic',
    game: 'layers',
    from: 'answer',
    what: 'a refused answer',
    show: (p) => run(['layers', '--no-record'], `${p}\n`),
    seen: 'Invalid input',
  },
  // The full screen: every game's replay, at the end, with the computer's recorded reason; every
  // resumed game naming its players (Layers' screen numbers them: no name is shown); Kono's
  // resume form.
  ...GAMES.map((game): OutsidePath => ({
    channel: 'screen',
    game: game.id,
    from: 'recording',
    what: "the replay naming its players and showing the computer's reason",
    show: (p) =>
      onScreen(`replay ${recordingOf(game.id, p)}`, async (t) => {
        await t.waitFor(/\d+\/\d+/, 10_000);
        await t.keys('End');
        return t.waitFor('Ann', 10_000);
      }),
    seen: 'Ann',
  })),
  ...GAMES.filter((game) => game.id !== 'layers').map((game): OutsidePath => ({
    channel: 'screen',
    game: game.id,
    from: 'recording',
    what: 'a resumed game naming its players',
    show: (p) => onScreen(`--resume ${recordingOf(game.id, p)}`, (t) => t.waitFor('Ann', 10_000)),
    seen: 'Ann',
  })),
  ...Object.entries(KONO_SAVES).map(([form, save]): OutsidePath => ({
    channel: 'screen',
    game: 'kono',
    from: 'kono-save.txt',
    what: `the "Resume a Kono game" form reading a save in the ${form} form`,
    show: (p) =>
      onScreen(
        '--no-record',
        async (t) => {
          await t.waitFor('Resume a Kono game', 10_000);
          await t.keys('6');
          await t.waitFor('kono-save.txt', 10_000);
          await t.keys('Enter');
          return t.waitFor('expected', 10_000);
        },
        (t) => writeFileSync(join(t.dataDir, 'kono-save.txt'), save(p)),
      ),
    seen: 'expected',
  })),
];

beforeAll(() => {
  for (const [game, how] of Object.entries(GAME_RUNS)) {
    const record = join(dir, `${game}-source.jsonl`);
    spawnSync(
      process.execPath,
      [BIN, ...how.args, '--classic', '--bots', 'all', '--seed', '3', '--record', record],
      { input: how.input ?? '', env, timeout: 60_000 },
    );
    recordings.set(game, readFileSync(record, 'utf8').split('\n'));
  }
}, 120_000);

describe('the table of paths', () => {
  it('has a classic and a full-screen path of every game, and shows every file a game keeps', () => {
    expect(Object.keys(GAME_RUNS).sort()).toEqual(GAMES.map((g) => g.id).sort());
    for (const game of GAMES) {
      for (const channel of ['classic', 'screen', 'message'] as const)
        expect(
          PATHS.filter((p) => p.game === game.id && p.channel === channel).length,
        ).toBeGreaterThan(0);
      for (const kept of game.dataFiles ?? [])
        expect(
          PATHS.filter((p) => p.game === game.id && p.from === kept).map((p) => p.from),
        ).toContain(kept);
    }
  });

  it('the source writes to the terminal only through a gate of engine/safe-text.ts', () => {
    // A write of its own (the screen's escape sequences, a password prompt) is listed here.
    const allowed = new Map([
      ['ui/terminal.ts', 3],
      ['cli/common.ts', 2],
      // verify's, analyze's and ratings' lines (through safeText), and export's recording text: a
      // file's bytes for a redirection, JSON whose names were made safe when they were written;
      // export --cast's asciicast: JSON whose frames each passed the screen's gate (cli/cast.tsx).
      ['cli/index.tsx', 5],
      ['games/yut/users.ts', 2],
      ['games/yut/index.tsx', 1],
      // Its two lines at start and stop, and the stderr wrapper that drops the cursor shown at
      // exit by cli-cursor (no text of its own).
      ['cli/serve.ts', 5],
      // The solver's progress bar, made of its own numbers (its messages go through safeText).
      ['games/ur/solve-command.ts', 4],
      // An older Node refused: the runtime's own version number.
      ['main.ts', 1],
    ]);
    const found = new Map<string, number>();
    const renderers: string[] = [];
    const walk = (at: string) => {
      for (const entry of readdirSync(join(ROOT, 'source', at), { withFileTypes: true })) {
        const path = at === '' ? entry.name : `${at}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else {
          const text = readFileSync(join(ROOT, 'source', path), 'utf8');
          if (/import \{[^}]*\brender\b[^}]*\} from 'ink'/.test(text)) renderers.push(path);
          const writes = text.match(
            /\b(?:std(?:out|err)\.write|console\.(?:log|error|warn|info))\b/g,
          );
          if (writes) found.set(path, writes.length);
        }
      }
    };
    walk('');
    // The gates' own writes: the classic writer and the screen's stdout.
    found.delete('classic/lines.ts');
    found.delete('cli/run.tsx');
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(allowed));
    // No full screen is drawn by Ink's render: madang's renderer draws them all, and it takes
    // every text into its cells through cellText (render/host.ts, render/nodes.ts) ...
    expect(renderers).toEqual([]);
    const host = readFileSync(join(ROOT, 'source/render/host.ts'), 'utf8');
    expect(host.match(/createString\(cellText\(inkLines\(text\)\)\)/g)?.length).toBe(1);
    expect(host.match(/node\.value = cellText\(/g)?.length).toBe(2);
    expect(host).not.toMatch(/node\.value = (?!cellText|'')/);
    const nodes = readFileSync(join(ROOT, 'source/render/nodes.ts'), 'utf8');
    expect(nodes).toMatch(/runs\.push\(\{ text: cellText\(run\.text\)/);
    // ... and the frames it makes go out through the screen's gate: the local terminal's and
    // each SSH session's, the only two places that send a full screen.
    const drawers: string[] = [];
    const look = (at: string) => {
      for (const entry of readdirSync(join(ROOT, 'source', at), { withFileTypes: true })) {
        const path = at === '' ? entry.name : `${at}/${entry.name}`;
        if (entry.isDirectory()) look(path);
        else if (/\brenderScreen\(/.test(readFileSync(join(ROOT, 'source', path), 'utf8')))
          drawers.push(path);
      }
    };
    look('');
    expect(drawers.sort()).toEqual([
      'cli/run.tsx',
      'render/screen.ts',
      'serve/server.ts',
      'serve/shared-views.ts',
    ]);
    // A drawing shared by many connections writes nowhere: its rows go to each connection's
    // frame in serve/server.ts, and out through that connection's gate.
    const sharedViews = readFileSync(join(ROOT, 'source/serve/shared-views.ts'), 'utf8');
    expect(sharedViews).not.toMatch(/\.write\(|\.end\(/);
    expect(sharedViews).toMatch(/watcher\.rows\(rows\)/);
    const local = readFileSync(join(ROOT, 'source/cli/run.tsx'), 'utf8');
    expect(local.match(/stdout\.write\(/g)).toEqual(['stdout.write(']);
    expect(local).toMatch(/stdout\.write\(screenText\(text\)\)/);
    const served = readFileSync(join(ROOT, 'source/serve/server.ts'), 'utf8');
    expect(served).toMatch(/channel\.write\(screenText\(change\)\)/);
  });
});

describe('the gates', () => {
  it('show every control and format character of a payload as a visible escape', () => {
    expect(safeText('a\x1b[2Jb\u202ec')).toBe('a\\u{1b}[2Jb\\u{202e}c');
    for (const [, payload] of PAYLOADS) {
      expect(safeText(payload)).not.toMatch(RAW);
      // A payload of the program's own colours (SGR red, a reset) passes these gates: the paths
      // below show that outside text never brings one.
      expect(classicText(payload).replace(OWN_CLASSIC, '')).not.toMatch(RAW);
      expect(screenText(payload).replace(OWN_SCREEN, '')).not.toMatch(RAW);
    }
    // Their own: a classic console's lines and colours, the screen's cursor moves.
    expect(classicText('\x1b[31mW\x1b[0m\n')).toBe('\x1b[31mW\x1b[0m\n');
    const styles = '\x1b[1m\x1b[2mA\x1b[22m\x1b[7m\x1b[4m\x1b[94mB\x1b[39m\x1b[24m\x1b[27m\x1b[0m';
    expect(screenText(styles)).toBe(styles);
    // Colours and styles the program never writes (hidden text, blinking, a background, 256
    // colours, several numbers in one) are shown, on both ways out that keep colours.
    for (const sgr of [
      '\x1b[8m',
      '\x1b[5m',
      '\x1b[41m',
      '\x1b[38;5;196m',
      '\x1b[1;31m',
      '\x1b[m',
    ]) {
      expect(classicText(`a${sgr}b`)).toBe(`a${safeText(sgr)}b`);
      expect(screenText(`a${sgr}b`)).toBe(`a${safeText(sgr)}b`);
    }
    // The classic consoles write Yut's seat colours and their end alone.
    expect(classicText('\x1b[1m\x1b[36m')).toBe(safeText('\x1b[1m\x1b[36m'));
    // Ink's clear of a whole frame goes out less its erasure of the terminal's saved lines (3J).
    const moves = '\x1b[?25l\x1b[2K\x1b[1A\x1b[G\x1b[2J\x1b[3J\x1b[H\x1b[?2026h\x1b[1;1H\x1b[J';
    expect(screenText(moves)).toBe(moves.replace('\x1b[3J', ''));
  });
});

const counts = { tries: 0, raw: 0 };
describe('no escape sequence from outside reaches the terminal', () => {
  for (const path of PATHS) {
    const where = `${path.channel}${path.game ? ` · ${path.game}` : ''} · ${path.from}: ${path.what}`;
    const test = path.channel !== 'screen' ? it : hasTmux ? it.concurrent : it.skip;
    test(
      where,
      async () => {
        const leaks: string[] = [];
        for (const [name, payload] of PAYLOADS) {
          const outputs = await path.show(payload);
          counts.tries++;
          const all = outputs.join('\n');
          const raw =
            path.channel === 'screen'
              ? (outputs[1] ?? '').replace(OWN_SCREEN, '')
              : outputs.join('\n');
          if (RAW.test(raw)) {
            counts.raw++;
            leaks.push(
              `${name}: ${JSON.stringify(raw.match(/.{0,20}(?:[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]).{0,20}/su)?.[0])}`,
            );
          }
          // The path was really taken: what it shows is there.
          expect(all, `${name}: the path was not reached`).toMatch(path.seen);
        }
        expect(leaks).toEqual([]);
      },
      120_000,
    );
  }
});

describe('the figures', () => {
  it('prints the tries and the payloads that came out raw', () => {
    console.log(
      `injection: ${counts.tries} payload tries over ${PATHS.length} paths, ${counts.raw} raw`,
    );
    expect(counts.tries).toBeGreaterThan(0);
  });
});
