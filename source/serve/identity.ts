/**
 * Who the server is and who its players are: the host key (ed25519, made on first start, kept
 * 0600 in the data directory) and the players' book (an SSH public key's fingerprint → the name
 * its owner chose once), written atomically.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from './ssh2.js';
import writeFileAtomic from 'write-file-atomic';
import { printable, safeText } from '../engine/safe-text.js';
import { skeleton } from './skeleton.js';
import { asideNote, isObject, lineOf, readJson } from './kept-file.js';

const { utils } = ssh2;

/** The SHA256 fingerprint of a public key blob, as OpenSSH prints it. */
export function fingerprint(publicBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicBlob).digest('base64').replace(/=+$/, '')}`;
}

export interface HostKey {
  readonly privateKey: string;
  readonly fingerprint: string;
  readonly made: boolean;
}

/** The host key in `dir`, made there on first start. */
export function hostKey(dir: string): HostKey {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'host_ed25519');
  let made = false;
  if (!existsSync(file)) {
    // ssh2's generator now and then (about 1 in 250) writes a key its own parser refuses as
    // malformed: such a key is made again, never written.
    let pair = utils.generateKeyPairSync('ed25519');
    while (utils.parseKey(pair.private) instanceof Error)
      pair = utils.generateKeyPairSync('ed25519');
    // 'wx': two servers starting at once never overwrite each other's key.
    writeFileSync(file, pair.private, { mode: 0o600, flag: 'wx' });
    made = true;
  }
  chmodSync(file, 0o600);
  const privateKey = readFileSync(file, 'utf8');
  const parsed = utils.parseKey(privateKey);
  if (parsed instanceof Error) throw new Error(`${file}: not a host key (${parsed.message})`);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  return { privateKey, fingerprint: fingerprint(key.getPublicSSH()), made };
}

/** A name's longest, as on every setup screen. */
export const NAME_LENGTH = 12;

export interface Entry {
  readonly name: string;
  /** The key as OpenSSH writes it in authorized_keys (type and base64). */
  readonly key: string;
  readonly since: string;
}

/** The players' names by key fingerprint, kept in `players.json`. */
export class PlayerBook {
  private readonly entries: Map<string, Entry>;

  /**
   * `warn` hears, in one line, a file that is not a players' file (it is moved aside, its good
   * players kept) and a write that failed.
   */
  constructor(
    private readonly file: string,
    private readonly warn: (problem: string) => void = () => undefined,
    now = new Date(),
  ) {
    this.entries = new Map();
    const read = readJson(file);
    if (read === undefined) return;
    let problem: string | undefined;
    if ('problem' in read) problem = read.problem;
    else if (!isObject(read.data)) problem = "not a players' file";
    else if (!isObject(read.data.players)) problem = '"players" is not an object of keys';
    else
      for (const [id, entry] of Object.entries(read.data.players)) {
        if (isEntry(entry)) this.entries.set(id, entry);
        else if (problem === undefined) {
          const line = lineOf(read.text, id);
          problem = `${line === undefined ? '' : `line ${line}: `}player ${safeText(id)} is not a name, key and date`;
        }
      }
    if (problem === undefined) return;
    const note = asideNote(file, now);
    const kept = this.entries.size;
    warn(
      `${file}: ${problem}; ${note}${kept > 0 ? `, ${kept} player${kept === 1 ? '' : 's'} kept` : ''}`,
    );
    if (kept > 0 && note.startsWith('moved')) this.write();
  }

  nameOf(id: string): string | undefined {
    return this.entries.get(id)?.name;
  }

  /** Why a name cannot be taken (empty, too long, or another key's), else undefined. */
  problem(name: string, id?: string): string | undefined {
    const clean = cleanName(name);
    if (clean === '') return 'Type a name first.';
    if ([...clean].length > NAME_LENGTH) return `A name has at most ${NAME_LENGTH} characters.`;
    if (/^(CPU|Player) \d+$/i.test(clean)) return 'That name is a seat’s: choose another.';
    const others = [...this.entries].filter(([other]) => other !== id).map(([, e]) => e.name);
    if (others.some((name) => name.toLowerCase() === clean.toLowerCase()))
      return `${clean} is taken: choose another name.`;
    // A name that looks like another's (a Cyrillic о for an o) would pass for that player.
    const shape = skeleton(clean);
    const alike = others.find((name) => skeleton(name) === shape);
    return alike === undefined
      ? undefined
      : `${clean} looks like ${alike}, a name taken here: choose another.`;
  }

  /** Told of every name added here (madang serve --redis shares them with the other processes). */
  onAdd: ((id: string, entry: Entry) => void) | undefined;

  /** A name another process added: kept here too (Redis keeps it, should the file fail). */
  learn(id: string, entry: Entry): void {
    if (!isEntry(entry) || this.entries.get(id)?.name === entry.name) return;
    this.entries.set(id, entry);
    this.write();
  }

  /**
   * Keep a key's name (the caller checked it), written atomically: or, when the file cannot be
   * written (a full disk), why, to tell the player, and nothing kept.
   */
  add(id: string, key: string, name: string, now: Date): string | undefined {
    const entry = { name: cleanName(name), key, since: now.toISOString() };
    const before = this.entries.get(id);
    this.entries.set(id, entry);
    const failed = this.write();
    if (failed !== undefined) {
      if (before) this.entries.set(id, before);
      else this.entries.delete(id);
      return `The server could not keep your name (${failed}): try again later.`;
    }
    this.onAdd?.(id, entry);
    return undefined;
  }

  /** The file written again; a failure is said to the server's log and its code returned. */
  private write(): string | undefined {
    const players = Object.fromEntries(this.entries);
    try {
      writeFileAtomic.sync(this.file, `${JSON.stringify({ players }, null, 2)}\n`, { mode: 0o600 });
      return undefined;
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      this.warn(`${this.file}: ${code ?? message}`);
      return code ?? 'the write failed';
    }
  }

  /** Whether any key holds this name (guests may not take a player's). */
  taken(name: string): boolean {
    return this.problem(name) !== undefined;
  }
}

/** An entry as the server writes it (a file edited by hand may hold anything). */
const isEntry = (entry: unknown): entry is Entry =>
  isObject(entry) &&
  typeof entry.name === 'string' &&
  cleanName(entry.name) !== '' &&
  typeof entry.key === 'string' &&
  typeof entry.since === 'string';

/** A name as typed, made printable and trimmed (the text field keeps it printable already). */
export const cleanName = (name: string) => printable(name).trim();
