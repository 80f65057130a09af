/**
 * Text files that other people and programs also use (user_info.txt, game_info.txt): read as
 * they are, written atomically (write-file-atomic: a temporary file, fsync, rename), so a
 * crash or a kill during a save never leaves a truncated or half-written file. A change works on
 * the file's bytes, so the lines it keeps are written back byte for byte in whatever encoding
 * their writers used (Latin-1, EUC-KR, broken UTF-8), not decoded and re-encoded.
 */
import * as fs from 'node:fs';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';

export type ReadText =
  { ok: true; text: string } | { ok: false; missing: boolean; problem: string };

/** A byte order mark some editors put at the start of a UTF-8 file; it is not part of the text. */
export const BOM = '\uFEFF';

/**
 * The largest file madang reads whole (accounts, saved games, boards, throw scripts): far
 * above any real one, and a bound on what `/dev/zero` or a wrong file name can cost.
 */
export const LARGEST_FILE = 16 << 20;

/** A file's bytes, up to LARGEST_FILE; read in pieces, since a device's size says nothing. */
function readBounded(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const pieces: Buffer[] = [];
    let total = 0;
    for (;;) {
      const piece = Buffer.alloc(1 << 16);
      const n = readSync(fd, piece, 0, piece.length, null);
      if (n === 0) break;
      total += n;
      if (total > LARGEST_FILE)
        throw Object.assign(new Error(`larger than ${LARGEST_FILE >> 20} MiB`), { code: 'EFBIG' });
      pieces.push(piece.subarray(0, n));
    }
    return Buffer.concat(pieces);
  } finally {
    closeSync(fd);
  }
}

/** Why a file could not be read, in a player's words (the code stays for the rare ones). */
export function unreadable(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${file}: no such file`;
  if (code === 'EISDIR') return `${file} is a folder, not a file`;
  if (code === 'EACCES' || code === 'EPERM') return `${file}: not allowed to read it (${code})`;
  if (code === 'EFBIG') return `${file}: ${(error as Error).message}: not a file madang reads`;
  return `${file}: cannot read it (${code ?? String(error)})`;
}

/**
 * The nearest folder of `path` that exists (the path itself if it does): a read-only disk makes a
 * missing folder's mkdir fail with ENOENT, so what is wrong is asked of the folder that is there.
 */
function nearestFolder(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/**
 * Why `file` (or a folder) could not be written, in a player's words, naming it: Node's own
 * message names no file for a failed write ("ENOSPC: no space left on device, write") or names
 * its lock ("EROFS: read-only file system, mkdir '….lock'"). The code stays for the rare ones.
 */
export function unwritable(file: string, error: unknown, doing = 'write'): string {
  let code = (error as NodeJS.ErrnoException).code;
  if (code === 'EROFILE' || code === 'ELOCKED') return (error as Error).message;
  if (code === 'ENOENT') {
    // A folder missing because it cannot be made (a read-only disk), or one that is not there.
    const folder = nearestFolder(dirname(file));
    try {
      accessSync(folder, constants.W_OK);
    } catch (why) {
      code = (why as NodeJS.ErrnoException).code ?? code;
    }
    if (code === 'ENOENT')
      return `cannot ${doing} ${file}: the folder ${dirname(file)} does not exist`;
  }
  const cannot = `cannot ${doing} ${file}`;
  if (code === 'ENOSPC') return `${cannot}: the disk is full (ENOSPC)`;
  if (code === 'EDQUOT') return `${cannot}: the disk quota is used up (EDQUOT)`;
  if (code === 'EROFS') return `${cannot}: its disk is read-only (EROFS)`;
  if (code === 'EACCES' || code === 'EPERM') return `${cannot}: not allowed (${code})`;
  if (code === 'EISDIR') return `${cannot}: it is a folder, not a file`;
  if (code === 'ENOTDIR') return `${cannot}: a part of its path is a file, not a folder`;
  return `${cannot}: ${code ?? String(error)}`;
}

/** The file as UTF-8 text, without a byte order mark. */
export function readText(file: string): ReadText {
  try {
    return {
      ok: true,
      text: readBounded(file)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      missing: code === 'ENOENT',
      problem: unreadable(file, error),
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

/** A lock not refreshed for this long belongs to a writer that died: it is taken over. */
const STALE_LOCK_MS = 10_000;
/** How long a writer waits for another to finish before it gives up with a message. */
const LOCK_WAIT_MS = 15_000;

/** A lock with no owner named after this long was left by a kill, not being taken now. */
const OWNERLESS_MS = 1_000;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Who holds a lock: this machine and process, written inside the lock's folder. */
const owner = (file: string) => join(`${file}.lock`, 'owner');

/**
 * The lock was left by a process of this machine that is gone (killed mid-save): its owner is
 * no longer running, or it has had no owner for longer than taking a lock and naming its owner
 * takes (a kill between the two, or between removing the owner and the lock).
 */
export function abandoned(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(owner(file), 'utf8');
  } catch {
    try {
      return Date.now() - statSync(`${file}.lock`).mtimeMs > OWNERLESS_MS;
    } catch {
      return false;
    }
  }
  const [host, pid] = text.split(' ');
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Take `file`'s lock (proper-lockfile: a `<file>.lock` folder, kept fresh while held, taken over
 * when stale) and return its release. A lock whose owner on this machine is gone is taken over at
 * once rather than after the stale time. Throws ELOCKED when another madang holds it.
 */
/**
 * The file system proper-lockfile works through, but for removing a lock folder: it removes the
 * folder with its owner file inside (proper-lockfile's own `rmdir` fails with ENOTEMPTY there,
 * so its stale takeover threw instead of taking over).
 */
const lockFs = {
  ...fs,
  rmdirSync: (path: fs.PathLike) => rmSync(path, { recursive: true, force: true }),
};

export function lockFile(file: string): () => void {
  const take = () =>
    lockfile.lockSync(file, {
      realpath: false,
      stale: STALE_LOCK_MS,
      onCompromised: () => {},
      fs: lockFs,
    });
  let release: () => void;
  try {
    release = take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || !abandoned(file)) throw error;
    rmSync(`${file}.lock`, { recursive: true, force: true });
    release = take();
  }
  const me = `${hostname()} ${process.pid}`;
  try {
    // proper-lockfile keeps the lock only while the folder's time is the one it set: writing
    // the owner inside changes it, so it is put back (else the lock is lost at the first refresh).
    const taken = statSync(`${file}.lock`);
    writeFileSync(owner(file), me);
    utimesSync(`${file}.lock`, taken.atime, taken.mtime);
  } catch {
    // Without an owner the lock is still taken over once stale.
  }
  return () => {
    let ours = false;
    try {
      ours = readFileSync(owner(file), 'utf8') === me;
    } catch {
      // No owner named: proper-lockfile alone knows.
    }
    rmSync(owner(file), { force: true });
    try {
      release();
    } catch (error) {
      // Lost to a refresh that came too late (a machine asleep): the folder is still ours to
      // remove when it names us; the lines were written all the same.
      if ((error as NodeJS.ErrnoException).code !== 'ERELEASED') throw error;
      if (ours) rmSync(`${file}.lock`, { recursive: true, force: true });
    }
  };
}

/**
 * Run `work` holding `file`'s lock, so that two madangs never read, change and write the same
 * file at once. Waits for another writer; says so when it waits too long.
 */
export function withFileLock<T>(file: string, work: () => T): T {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let release: () => void;
  for (;;) {
    try {
      release = lockFile(file);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ELOCKED') throw error;
      if (Date.now() > deadline)
        throw new Error(`${file} is being written by another madang; try again in a moment`, {
          cause: error,
        });
      pause(10 + Math.random() * 40);
    }
  }
  try {
    return work();
  } finally {
    release();
  }
}

/**
 * A file's bytes as a string of one character per byte (Latin-1, which maps every byte to one
 * character and back): line ends and every byte of the lines a change keeps survive the round
 * trip exactly. `utf8Of` and `bytesOf` convert the lines a program reads and writes.
 */
export const utf8Of = (bytes: string): string =>
  Buffer.from(bytes, 'latin1')
    .toString('utf8')
    .replace(/^\uFEFF/, '');
export const bytesOf = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/** Writable by nobody: a file its owner marked read-only is reported, never replaced. */
function refuseReadOnly(file: string): void {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch {
    return;
  }
  if ((mode & 0o222) === 0)
    throw Object.assign(new Error(`${file} is read-only; nothing was written to it`), {
      code: 'EROFILE',
    });
}

/**
 * Read, change and write back atomically, under the file's lock: the bytes are read inside the
 * lock, so a change never writes over another writer's. `change` gets and gives one character
 * per byte (see `utf8Of`, `bytesOf`). A missing file reads as empty.
 */
export function updateBytes(file: string, change: (bytes: string) => string): void {
  try {
    changeBytes(file, change);
  } catch (error) {
    // Taking the lock or writing failed: said of the file, in words.
    if ((error as NodeJS.ErrnoException).code === undefined) throw error;
    throw new Error(unwritable(file, error), { cause: error });
  }
}

function changeBytes(file: string, change: (bytes: string) => string): void {
  withFileLock(file, () => {
    removeStaleTemporaries(file);
    refuseReadOnly(file);
    let bytes = '';
    try {
      bytes = readBounded(file).toString('latin1');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new Error(unreadable(file, error), { cause: error });
    }
    const changed = change(bytes);
    if (changed !== bytes) writeFileAtomic.sync(file, changed, { encoding: 'latin1' });
  });
}

/** A file the program owns whole (such as a Kono save), written as UTF-8 under its lock. */
export function writeWhole(file: string, text: string): void {
  updateBytes(file, () => bytesOf(text));
}
