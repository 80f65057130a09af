/**
 * `madang users add ID`: a new account in user_info.txt with a scrypt-hashed password, asked
 * twice without echo at a terminal (or read as two lines from a pipe). The file is written
 * atomically and keeps every line it had.
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { checkNewAccount, hashedAccountLine, parseAccounts } from './accounts.js';
import { withLine } from './saves.js';
import { bytesOf, updateBytes, utf8Of } from '../../storage/files.js';
import type { YutFiles } from './files.js';

/** Ctrl+C at a prompt: stop at once. */
const INTERRUPTED = Symbol('interrupted');
type Answer = string | null | typeof INTERRUPTED;

/** Read one line at the terminal without showing it (null: Ctrl+D, the end of input). */
function askHidden(prompt: string): Promise<Answer> {
  return new Promise((resolve) => {
    const input = process.stdin;
    process.stderr.write(prompt);
    let text = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\x04' || char === '\x03') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stderr.write('\n');
          resolve(char === '\x03' ? INTERRUPTED : char === '\x04' ? null : text);
          return;
        }
        if (char === '\x7f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    input.on('data', onData);
  });
}

async function twoPasswords(): Promise<[Answer, Answer]> {
  if (process.stdin.isTTY) {
    const first = await askHidden('Password: ');
    // Ctrl+C (or the end of input) at the first prompt asks nothing more.
    if (first === INTERRUPTED || first === null) return [first, null];
    return [first, await askHidden('Password again: ')];
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })[
    Symbol.asyncIterator
  ]();
  const first = await lines.next();
  const second = await lines.next();
  return [first.done ? null : first.value, second.done ? null : second.value];
}

export async function addUser(
  files: YutFiles,
  id: string,
): Promise<{ code: number; message: string }> {
  const known = files.accounts();
  if (known.ok && known.accounts.accounts.has(id)) {
    return { code: 2, message: `${id} already has an account in ${files.accountsFile}` };
  }
  const idProblem = checkNewAccount(id, 'x');
  if (idProblem) return { code: 2, message: idProblem };
  const [password, again] = await twoPasswords();
  if (password === INTERRUPTED || again === INTERRUPTED)
    return { code: 130, message: 'interrupted; nothing was written' };
  if (password === null || again === null)
    return { code: 2, message: 'no password given; nothing was written' };
  if (password !== again)
    return { code: 2, message: 'the two passwords differ; nothing was written' };
  const problem = checkNewAccount(id, password);
  if (problem) return { code: 2, message: `${problem} Nothing was written.` };
  // Checked again inside the file's lock: another `users add` may have added the ID meanwhile.
  let taken = false;
  try {
    updateBytes(files.accountsFile, (bytes) => {
      taken = parseAccounts(utf8Of(bytes), files.accountsFile).accounts.has(id);
      return taken ? bytes : withLine(bytes, bytesOf(hashedAccountLine(id, password)));
    });
  } catch (error) {
    // A folder where the file should be, a data directory that is missing or read-only: one line.
    const { code, message } = error as NodeJS.ErrnoException;
    const why = !existsSync(files.directory)
      ? `the data directory ${files.directory} does not exist`
      : code && !message.includes(code)
        ? `${message} (${code})`
        : message;
    return {
      code: 2,
      message: `cannot add ${id} to ${files.accountsFile}: ${why}; nothing was written`,
    };
  }
  if (taken) return { code: 2, message: `${id} already has an account in ${files.accountsFile}` };
  return { code: 0, message: `${id} can log in now (${files.accountsFile})` };
}
