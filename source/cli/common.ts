/** What every command shares: the one-line failure, common flags read into settings, files. */
import type { ChanceSource } from '../engine/chance.js';
import { safeText } from '../engine/safe-text.js';
import { scriptedSource } from '../engine/chance.js';
import { parseBots } from '../engine/seats.js';
import type { SeatKind } from '../engine/seats.js';
import type { Level } from '../engine/bots.js';
import { existsSync, mkdirSync } from 'node:fs';
import { GAMES } from '../games/index.js';
import type { AnyGameModule } from '../games/module.js';
import { dataDirectory, recordingsDirectory } from '../storage/paths.js';
import { recordPathProblem, type RecordSetting } from '../storage/recorder.js';
import { readText } from '../storage/files.js';

/** A clear one-line message and exit code 2: bad input is the user's to fix, not a crash. */
export function fail(message: string): never {
  process.stderr.write(`madang: ${safeText(message)}\n`);
  process.exit(2);
}

/** A line for standard error, made safe: what a file or an argument put in it cannot act. */
export function say(line: string): void {
  process.stderr.write(`${safeText(line)}\n`);
}

export interface Common {
  readonly seed?: number | undefined;
  readonly throws?: string | undefined;
  readonly color?: boolean | undefined;
  readonly classic?: boolean | undefined;
  readonly record?: string | boolean | undefined;
  readonly replay?: string | undefined;
  readonly resume?: string | undefined;
  readonly bots?: string | undefined;
  readonly level?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly botDelay?: number | undefined;
  readonly [flag: string]: unknown;
}

/** A file named on the command line or in an answer, as text (bounded); why not, in one line. */
export const readFile = readText;

export function checkSeed(argv: Common): void {
  if (argv.seed !== undefined && !Number.isSafeInteger(argv.seed))
    fail('--seed takes a whole number');
}

/** --throws FILE read by the game's own script reader: one source for the whole run. */
export function scriptFor(module: AnyGameModule, argv: Common): ChanceSource | undefined {
  if (argv.throws === undefined) return undefined;
  if (!module.chance) fail(`${module.title} has no throws or rolls: --throws does not apply`);
  const text = readFile(argv.throws);
  if (!text.ok) fail(text.problem);
  const parsed = module.chance.parseScript(text.text, argv.throws);
  if (!parsed.ok) fail(parsed.problem);
  return scriptedSource(parsed.script, module.chance.noun);
}

/** --bots and --level for a game of up to `seats` seats, offering `levels`. */
export function kindsFor(argv: Common, seats: number, levels?: readonly Level[]): SeatKind[] {
  const parsed = parseBots(argv.bots, argv.level ?? 'strong', seats, levels);
  if (!parsed.ok) fail(parsed.problem);
  return parsed.kinds;
}

/** --record FILE, --no-record, or a new file in the data directory; a file that cannot be
 *  written is refused before anything starts. */
export function recordSetting(argv: Common): RecordSetting {
  if (argv.record === false) return { mode: 'off' };
  if (typeof argv.record !== 'string' || argv.record === '')
    return { mode: 'auto', directory: recordingsDirectory(dataDir(argv)) };
  const problem = recordPathProblem(argv.record);
  if (problem !== undefined)
    fail(`cannot record there: ${problem} (choose another --record FILE, or --no-record)`);
  return { mode: 'file', file: argv.record };
}

/** The game's settings from its flags (checked), or a one-line failure. */
export function settingsFor(module: AnyGameModule, argv: Common) {
  const parsed = module.command.settings(argv, readFile);
  if (!parsed.ok) fail(parsed.problem);
  return parsed.settings;
}

/** The files every game keeps in the data directory, looked for in the current directory. */
export const OLD_FILES = GAMES.flatMap((game) => game.dataFiles ?? []);

/** The one data directory (accounts, saves, recordings): see storage/paths.ts. */
export function dataDir(argv: Readonly<Record<string, unknown>>): string {
  const flag = typeof argv.dataDir === 'string' ? argv.dataDir : undefined;
  const directory = dataDirectory({ flag, oldFiles: OLD_FILES });
  // The platform's folder is madang's own, made when first needed; a folder given by --data-dir
  // or MADANG_DATA_DIR must exist already (a typo is said, not made).
  if (!flag && !process.env.MADANG_DATA_DIR && !existsSync(directory)) {
    try {
      mkdirSync(directory, { recursive: true });
    } catch {
      // Said where it is used: the file that cannot be written names it.
    }
  }
  return directory;
}
