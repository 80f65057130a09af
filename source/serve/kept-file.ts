/**
 * The server's own JSON files (server/tables.json, server/players.json) read back at a start. A
 * file that is not what the server writes (cut short by a full disk, edited by hand) is said in
 * one line naming the file, the line and what is wrong, and moved aside under a dated name before
 * anything is written over it: what it held stays for a person to mend.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';

/** A JSON file's data, or why it cannot be read (with the line, where JSON.parse says where). */
export function readJson(
  file: string,
): { data: unknown; text: string } | { problem: string } | undefined {
  if (!existsSync(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { problem: `cannot be read (${code ?? message})` };
  }
  try {
    return { data: JSON.parse(text) as unknown, text };
  } catch (error) {
    // Node's message may quote the whole text: only its first clause is kept.
    const said = (error as Error).message.replace(/, ".*" is not valid JSON$/s, '');
    const at = /at position (\d+)/.exec(said);
    const line = at
      ? text.slice(0, Number(at[1])).split('\n').length
      : /end of JSON input/.test(said)
        ? text.split('\n').length
        : undefined;
    return {
      problem: `${line === undefined ? '' : `line ${line}: `}not JSON (${said.replace(/ in JSON at position \d+.*$/s, '')})`,
    };
  }
}

/** The line of `text` where a JSON key first stands (as the server writes its files), if any. */
export function lineOf(text: string, key: string): number | undefined {
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

/**
 * The bad file renamed beside itself, `NAME.bad-2026-01-01T12-00-00-000Z`: the name it went to,
 * or why it could not be moved.
 */
export function moveAside(file: string, now: Date): { moved: string } | { problem: string } {
  const moved = `${file}.bad-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(file, moved);
    return { moved };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { problem: `could not be moved aside (${code ?? message})` };
  }
}

/** What a bad file's one line ends with: where it went (or that it could not go). */
export function asideNote(file: string, now: Date): string {
  const aside = moveAside(file, now);
  return 'moved' in aside ? `moved aside to ${aside.moved}` : aside.problem;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
