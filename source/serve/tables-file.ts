/**
 * The memory store's file, `tables.json` in the server's folder: the running tables that are
 * recorded, written whenever one starts, ends or changes hands, and reopened from their
 * recordings when the server starts again (after SIGTERM, or SIGKILL).
 */
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { SessionFactory } from '../table/session.js';
import { safeText } from '../engine/safe-text.js';
import type { AnyGameModule } from '../games/module.js';
import { loadRecording } from '../storage/load.js';
import { type Hall, retold, type SavedTable, type TableStore } from './hall.js';
import { asideNote, isObject, lineOf, readJson } from './kept-file.js';

/**
 * The hall's file in the server's folder as a table store; `say` prints the server's log lines
 * (warnings and all).
 */
export function tablesFile(
  serverDir: string,
  games: readonly AnyGameModule[],
  sessions: SessionFactory,
  say: (line: string) => void,
): TableStore {
  const file = join(serverDir, 'tables.json');
  return {
    changed: keepTables(file, (problem) => say(`madang: warning: ${problem}`)),
    open: (hall) => reopen(hall, games, sessions, file, say),
  };
}

/**
 * What keeps the hall's file: written (atomically, with fsync) whenever what it holds changed.
 * The hall tells of every change anywhere (a seat taken at a waiting table, a take-back asked,
 * someone away or back); most leave the running tables as they were, and a write then would
 * only hold every connection up for an fsync.
 */
export function keepTables(
  file: string,
  warn: (problem: string) => void,
  write: (file: string, text: string) => void = writeFileAtomic.sync,
): (hall: Pick<Hall, 'saved'>) => void {
  let kept: string | undefined;
  return (hall) => {
    const text = `${JSON.stringify({ tables: hall.saved() })}\n`;
    if (text === kept) return;
    try {
      write(file, text);
      kept = text;
    } catch (error) {
      warn(`${file}: ${(error as Error).message}`);
    }
  };
}

/**
 * The tables that were running when the server stopped (SIGTERM, or SIGKILL: the hall's file and
 * the recordings are written as things happen), reopened from their recordings. A recording's
 * lock left by a killed server is taken over (storage/files.ts); one held by a madang still
 * running is not, and that table is said and left.
 */
async function reopen(
  hall: Hall,
  games: readonly AnyGameModule[],
  sessions: SessionFactory,
  file: string,
  say: (line: string) => void,
): Promise<void> {
  const lookup = (id: string) => games.find((g) => g.id === id);
  const read = readJson(file);
  if (read === undefined) return;
  // A file not as the server writes it is said in one line and moved aside before the hall
  // writes over it: the tables it names stay there for a person to mend.
  let whole: string | undefined;
  const problems: string[] = [];
  const saved: SavedTable[] = [];
  if ('problem' in read) whole = read.problem;
  else if (!isObject(read.data)) whole = "not a tables' file";
  else if (!Array.isArray(read.data.tables)) whole = '"tables" is not a list';
  else
    read.data.tables.forEach((entry: unknown, at) => {
      const why = savedProblem(entry, lookup);
      if (why === undefined) return saved.push(entry as SavedTable);
      const code = isObject(entry) && typeof entry.code === 'string' ? entry.code : undefined;
      const line =
        (code === undefined ? undefined : lineOf(read.text, code)) ??
        (read.text.trim().includes('\n') ? undefined : 1);
      problems.push(
        `${line === undefined ? '' : `line ${line}: `}table ${at + 1}${code === undefined ? '' : ` (${safeText(code)})`} ${why}`,
      );
    });
  if (whole !== undefined || problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    say(
      `madang: warning: ${file}: ${whole ?? `${problems[0]}${more}`}; ${asideNote(file, new Date())}${saved.length === 0 ? '; no table reopened' : ''}`,
    );
  }
  for (const entry of saved) {
    const game = lookup(entry.game);
    if (!game || hall.tables.has(entry.code)) continue;
    const loaded = await loadRecording(entry.file, lookup);
    if (!loaded.ok) {
      say(`madang: warning: table ${entry.code} not reopened: ${loaded.problem}`);
      continue;
    }
    if (loaded.finished) continue;
    const session = sessions.resume(game, loaded.recording);
    if (typeof session === 'string') {
      say(`madang: warning: table ${entry.code} not reopened: ${session}`);
      continue;
    }
    // Its log tells the moves so far again, before the line saying where the game goes on.
    hall.reopen(
      game,
      { ...session, log: [...retold(game, loaded.recording), ...(session.log ?? [])] },
      entry,
    );
    say(`madang: table ${entry.code} (${game.title}) reopened from ${entry.file}`);
  }
}

/** Why an entry of the hall's file cannot be reopened (not as the server writes one), if it cannot. */
function savedProblem(
  entry: unknown,
  lookup: (id: string) => AnyGameModule | undefined,
): string | undefined {
  const person = (p: unknown) =>
    isObject(p) && typeof p.id === 'string' && typeof p.name === 'string';
  const holder = (h: unknown) =>
    isObject(h) &&
    (h.kind === 'open' ||
      (h.kind === 'person' && person(h.person)) ||
      (h.kind === 'computer' && typeof h.level === 'string'));
  if (
    !isObject(entry) ||
    typeof entry.code !== 'string' ||
    !/^[a-z0-9]{1,16}$/.test(entry.code) ||
    typeof entry.game !== 'string' ||
    typeof entry.file !== 'string' ||
    !person(entry.creator) ||
    !Array.isArray(entry.holders) ||
    !entry.holders.every(holder) ||
    !Array.isArray(entry.covered) ||
    !entry.covered.every((seat) => Number.isInteger(seat)) ||
    (entry.startedAt !== undefined && typeof entry.startedAt !== 'number')
  )
    return 'is not a table';
  if (!lookup(entry.game)) return `is of a game this server has not (${safeText(entry.game)})`;
  return undefined;
}
