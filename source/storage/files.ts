/**
 * Text files that other people and programs also use (user_info.txt, game_info.txt): read as
 * they are, written atomically (write-file-atomic: a temporary file, fsync, rename), so a
 * crash or a kill during a save never leaves a truncated or half-written file.
 */
import { readFileSync } from 'node:fs';
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

/** Read, change and write back atomically. A missing file reads as empty. */
export function updateText(file: string, change: (text: string) => string): void {
  const read = readText(file);
  if (!read.ok && !read.missing) throw new Error(read.problem);
  writeFileAtomic.sync(file, change(read.ok ? read.text : ''), { encoding: 'utf8' });
}
