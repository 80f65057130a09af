/**
 * Text files that other people and programs also use (user_info.txt, game_info.txt): read as
 * they are, written atomically (write-file-atomic: a temporary file, fsync, rename), so a
 * crash or a kill during a save never leaves a truncated or half-written file.
 */
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export type ReadText =
  { ok: true; text: string } | { ok: false; missing: boolean; problem: string };

export function readText(file: string): ReadText {
  try {
    return { ok: true, text: readFileSync(file, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      missing: code === 'ENOENT',
      problem: `${file}: cannot read it (${code ?? String(error)})`,
    };
  }
}

/** A temporary file older than this was left by a writer that was killed, not one writing now. */
const STALE_MS = 60_000;

/**
 * Remove the temporary files a killed writer left beside `file` (write-file-atomic names them
 * `<file>.<number>`), so kills during saves do not pile them up. Best effort: a file that cannot
 * be removed is left for the next time.
 */
export function removeStaleTemporaries(file: string, now = Date.now()): string[] {
  const folder = dirname(file);
  const stem = `${basename(file)}.`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(stem) || !/^\d+$/.test(name.slice(stem.length))) continue;
    const path = join(folder, name);
    try {
      if (now - statSync(path).mtimeMs < STALE_MS) continue;
      unlinkSync(path);
      removed.push(path);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}

/** Read, change and write back atomically. A missing file reads as empty. */
export function updateText(file: string, change: (text: string) => string): void {
  removeStaleTemporaries(file);
  const read = readText(file);
  if (!read.ok && !read.missing) throw new Error(read.problem);
  writeFileAtomic.sync(file, change(read.ok ? read.text : ''), { encoding: 'utf8' });
}
