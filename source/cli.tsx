/** madang's command line (yargs): commands and flags → which front end, which game, which files. */
import { readFileSync } from 'node:fs';
import { render } from 'ink';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import {
  parseThrowScript,
  scriptedThrows,
  type ThrowScript,
  throwsForGame,
} from './games/yut/throws.js';
import { latestRecording, loadRecording } from './storage/load.js';
import { runClassicUr } from './classic/ur-classic.js';
import { runClassicAdvanced } from './classic/yut-advanced.js';
import { type BoardSpec, parseBoard } from './games/ur/board.js';
import { type ClassicYutOptions, runClassicYut } from './classic/yut-classic.js';
import { YutFiles } from './storage/yut-files.js';
import { streamIO } from './classic/lines.js';
import { freshSeed, seededRandom } from './engine/random.js';
import { newHeader } from './engine/recording.js';
import { yutHeader } from './games/yut/header.js';
import { openRecorder, type RecordSetting, recordingReport } from './storage/recorder.js';
import { App, type AppOptions, type LoadedRecording } from './ui/App.js';
import { enterFullScreen } from './ui/terminal.js';
import { colourWanted, ThemeContext } from './ui/theme.js';
import { type Level, LEVELS } from './engine/bots.js';
import type { SeatKind } from './games/yut/ui/setup.js';
import { addUser } from './users.js';
import { verify } from './verify.js';

const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/** A clear one-line message and exit code 2: bad input is the user's to fix, not a crash. */
function fail(message: string): never {
  process.stderr.write(`madang: ${message}\n`);
  process.exit(2);
}

/** --board FILE: an Ur board, checked; a broken one is named with its square, exit code 2. */
function readUrBoard(file: string | undefined): { spec: BoardSpec; name: string } | undefined {
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(
      `cannot read the board ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  const loaded = parseBoard(text, file);
  if (!loaded.ok) fail(loaded.problem);
  return { spec: loaded.board.spec, name: file };
}

function readThrowScript(file: string): ThrowScript {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(
      `cannot read the throw script ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  const parsed = parseThrowScript(text, file);
  if (!parsed.ok) fail(parsed.problem);
  return parsed.script;
}

interface Common {
  seed?: number | undefined;
  throws?: string | undefined;
  players?: number | undefined;
  pieces?: number | undefined;
  color?: boolean | undefined;
  classic?: boolean | undefined;
  record?: string | boolean | undefined;
  replay?: string | undefined;
  resume?: string | undefined;
  bots?: string | undefined;
  level?: string | undefined;
  advanced?: boolean | undefined;
  dataDir?: string | undefined;
  board?: string | undefined;
  botDelay?: number | undefined;
}

/** --bots 1,3 (seats) or all, at --level: what sits in each of the four seats. */
function seatKinds(argv: Common): SeatKind[] {
  const level = (argv.level ?? 'strong') as Level;
  if (!(LEVELS as readonly string[]).includes(level)) fail(`--level takes ${LEVELS.join(', ')}`);
  if (argv.bots === undefined) return [];
  const seats =
    argv.bots === 'all'
      ? [0, 1, 2, 3]
      : argv.bots.split(',').map((s) => (/^[0-3]$/.test(s.trim()) ? Number(s) : Number.NaN));
  if (seats.some(Number.isNaN)) fail('--bots takes seat numbers 0 to 3, such as 1,3, or all');
  return [0, 1, 2, 3].map((seat) => (seats.includes(seat) ? level : 'human'));
}

async function load(
  file: string,
  warnings: string[],
): Promise<{ recording: LoadedRecording; finished: boolean }> {
  const loaded = await loadRecording(file);
  if (!loaded.ok) fail(loaded.problem);
  warnings.push(...loaded.warnings.map((w) => `madang: warning: ${w}`));
  return loaded;
}

/** The classic line protocol: for pipes, scripts, screen readers, and --classic. */
async function classic(
  argv: Common,
  throwScript: ThrowScript | undefined,
  record: RecordSetting,
): Promise<void> {
  const forced = process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0';
  const colour = colourWanted(argv, process.env) && (process.stdout.isTTY === true || forced);
  const report: string[] = [];
  const scripted = throwScript ? scriptedThrows(throwScript) : undefined;
  const io = streamIO(process.stdin, (text) => process.stdout.write(text));
  const classicOptions: ClassicYutOptions = {
    colour,
    throwsFor: (game) => throwsForGame(scripted, argv.seed, game, freshSeed),
    recorderFor: (options, seed, names) =>
      openRecorder(
        record,
        yutHeader(
          options,
          Array.from({ length: options.players }, (_, seat) => {
            const name = names?.[seat] ?? `Player ${seat}`;
            const kind = seatKinds(argv)[seat] ?? 'human';
            return kind === 'human'
              ? { name, kind: 'human' as const }
              : { name, kind: 'bot' as const, level: kind };
          }),
          seed,
          `madang ${VERSION}`,
          new Date(),
        ),
        (file, finished) => report.push(recordingReport(file, finished)),
      ),
    error: (message) => process.stderr.write(`madang: ${message}\n`),
    kinds: seatKinds(argv),
    players: argv.players,
    pieces: argv.pieces,
    botSeed: argv.seed,
  };
  const code = argv.advanced
    ? await runClassicAdvanced(io, {
        ...classicOptions,
        files: new YutFiles(argv.dataDir ?? process.cwd()),
        warn: (message) => process.stderr.write(`madang: warning: ${message}\n`),
      })
    : await runClassicYut(io, classicOptions);
  for (const line of report) process.stderr.write(`${line}\n`);
  process.exitCode = code;
}

/** The Royal Game of Ur's console, for pipes and --classic. */
async function classicUr(argv: Common, record: RecordSetting): Promise<void> {
  const seed = argv.seed ?? freshSeed();
  const report: string[] = [];
  const code = await runClassicUr(
    streamIO(process.stdin, (text) => process.stdout.write(text)),
    {
      dice: seededRandom(seed),
      botRandom: seededRandom(seed ^ 0x2545f491),
      board: readUrBoard(argv.board),
      readBoard: (file) => {
        try {
          return { ok: true, text: readFileSync(file, 'utf8') };
        } catch (error) {
          return {
            ok: false,
            problem: `${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
          };
        }
      },
      kinds: seatKinds(argv),
      recorderFor: (options, names) =>
        openRecorder(
          record,
          newHeader({
            game: 'ur',
            options,
            players: names.map((name, seat) => {
              const kind = seatKinds(argv)[seat] ?? 'human';
              return kind === 'human'
                ? { name, kind: 'human' as const }
                : { name, kind: 'bot' as const, level: kind };
            }),
            seed,
            startedAt: new Date(),
            app: `madang ${VERSION}`,
          }),
          (file, finished) => report.push(recordingReport(file, finished)),
        ),
    },
  );
  for (const line of report) process.stderr.write(`${line}\n`);
  process.exitCode = code;
}

async function fullScreen(start: AppOptions['start'], argv: Common, file?: string): Promise<void> {
  if (argv.seed !== undefined && !Number.isSafeInteger(argv.seed))
    fail('--seed takes a whole number');
  if (argv.players !== undefined && ![2, 3, 4].includes(argv.players))
    fail('--players takes 2, 3 or 4');
  if (argv.pieces !== undefined && ![1, 2, 3, 4].includes(argv.pieces))
    fail('--pieces takes 1, 2, 3 or 4');
  const throwScript = argv.throws === undefined ? undefined : readThrowScript(argv.throws);
  const record: RecordSetting =
    argv.record === false
      ? { mode: 'off' }
      : typeof argv.record === 'string' && argv.record !== ''
        ? { mode: 'file', file: argv.record }
        : { mode: 'auto' };
  const report: string[] = [];
  let recording: LoadedRecording | undefined;
  if (argv.replay !== undefined) [start, file] = ['replay', argv.replay];
  if (argv.resume !== undefined) [start, file] = ['resume', argv.resume];
  if (file !== undefined) {
    const loaded = await load(file, report);
    if (start === 'resume' && loaded.finished) {
      fail(`${file}: this game is over, nothing to resume (watch it with: madang replay ${file})`);
    }
    recording = loaded.recording;
  }
  if (argv.classic || !process.stdin.isTTY || !process.stdout.isTTY) {
    if (start === 'replay' || start === 'resume') {
      fail(
        `the ${start === 'replay' ? 'replay viewer' : 'resumed game'} needs a terminal, and standard input or output is not one`,
      );
    }
    if (start === 'ur') return classicUr(argv, record);
    return classic(argv, throwScript, record);
  }
  if (argv.botDelay !== undefined && !(argv.botDelay >= 0))
    fail('--bot-delay takes milliseconds (0 or more)');
  if (start === 'yut' && argv.advanced) start = 'advanced';
  const options: AppOptions = {
    start,
    urBoard: readUrBoard(argv.board),
    files: new YutFiles(argv.dataDir ?? process.cwd()),
    kinds: seatKinds(argv),
    botDelay: argv.botDelay,
    seed: argv.seed,
    throwScript,
    players: argv.players,
    pieces: argv.pieces,
    record,
    recording,
    latestRecording,
    report: (line) => report.push(line),
    app: `madang ${VERSION}`,
  };
  const restore = enterFullScreen(process.stdout);
  try {
    const instance = render(
      <ThemeContext.Provider value={{ colour: colourWanted(argv, process.env) }}>
        <App options={options} />
      </ThemeContext.Provider>,
      { exitOnCtrlC: false },
    );
    await instance.waitUntilExit();
  } finally {
    restore();
    for (const line of new Set(report)) process.stderr.write(`${line}\n`);
  }
}

await yargs(hideBin(process.argv))
  .scriptName('madang')
  .usage('$0 [game] [options]: traditional board games in the terminal')
  .option('seed', { type: 'number', describe: 'seed for the throws: the same seed, the same game' })
  .option('throws', { type: 'string', describe: 'play the throws of a script file (one per line)' })
  .option('players', { type: 'number', describe: 'number of players (2-4)' })
  .option('pieces', { type: 'number', describe: 'pieces per player (1-4)' })
  .option('record', {
    describe:
      'record the game in FILE (default: a new file in the data directory); --no-record: none',
    type: 'string',
  })
  .option('replay', {
    type: 'string',
    describe: 'watch a recorded game (same as: madang replay FILE)',
  })
  .option('resume', { type: 'string', describe: 'go on with an unfinished recorded game' })
  .option('bots', { type: 'string', describe: 'computer seats: seat numbers such as 1,3, or all' })
  .option('level', {
    type: 'string',
    describe: "the computer seats' level: random, greedy or strong (default)",
  })
  .option('bot-delay', {
    type: 'number',
    describe: 'milliseconds a computer waits before each throw or move (700)',
  })
  .option('board', {
    type: 'string',
    describe: 'an Ur board file (.ur JSON); default: the historical board',
  })
  .option('advanced', {
    type: 'boolean',
    describe: 'the advanced game: login, animals, save and resume',
  })
  .option('data-dir', {
    type: 'string',
    describe: 'where user_info.txt and game_info.txt are (default: here)',
  })
  .option('color', {
    type: 'boolean',
    default: true,
    describe: 'use colour (--no-color, or NO_COLOR, turns it off)',
  })
  .option('classic', {
    type: 'boolean',
    describe: 'the classic line protocol of the original assignment',
  })
  .command('$0', 'the main menu (full screen)', {}, (argv) => fullScreen('menu', argv as Common))
  .command('ur', 'the Royal Game of Ur: straight to its setup screen', {}, (argv) =>
    fullScreen('ur', argv as Common),
  )
  .command('yut', 'Yut Nori: straight to the setup screen', {}, (argv) =>
    fullScreen('yut', argv as Common),
  )
  .command(
    'replay <file>',
    'watch a recorded game: ←→ step, Space play, g go to a turn',
    (y) => y.positional('file', { type: 'string', demandOption: true }),
    (argv) => fullScreen('replay', argv as Common, argv.file),
  )
  .command(
    'verify <files..>',
    'replay recordings headless: one line per file; exit 1 if one does not hold, 2 if unreadable',
    (y) => y.positional('files', { type: 'string', array: true, demandOption: true }),
    async (argv) => {
      const code = await verify(
        argv.files,
        (line) => process.stdout.write(`${line}\n`),
        (line) => process.stderr.write(`madang: ${line}\n`),
      );
      process.exitCode = code;
    },
  )
  .command(
    'users add <id>',
    'add an account to user_info.txt (the password is asked twice, not shown, and stored hashed)',
    (y) => y.positional('id', { type: 'string', demandOption: true }),
    async (argv) => {
      const { code, message } = await addUser(
        new YutFiles((argv as Common).dataDir ?? process.cwd()),
        argv.id,
      );
      process.stderr.write(`madang: ${message}\n`);
      process.exitCode = code;
    },
  )
  .example('$0 yut --seed 7', 'Yut Nori with reproducible throws')
  .example('$0 replay game.jsonl', 'watch a recorded game')
  .example('$0 verify recordings/*.jsonl', 'check recordings against the rules')
  .strict()
  .version(VERSION)
  .help()
  .fail((message, error) => {
    if (error) throw error;
    fail(`${message} (see madang --help)`);
  })
  .parseAsync();
