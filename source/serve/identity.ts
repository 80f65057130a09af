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
import { printable } from '../ui/text.js';

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

  constructor(private readonly file: string) {
    this.entries = new Map();
    if (existsSync(file)) {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { players?: Record<string, Entry> };
      for (const [id, entry] of Object.entries(data.players ?? {})) this.entries.set(id, entry);
    }
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
    const taken = [...this.entries].find(
      ([other, entry]) => other !== id && entry.name.toLowerCase() === clean.toLowerCase(),
    );
    return taken ? `${clean} is taken: choose another name.` : undefined;
  }

  /** Told of every name added here (madang serve --redis shares them with the other processes). */
  onAdd: ((id: string, entry: Entry) => void) | undefined;

  /** A name another process added: kept here too. */
  learn(id: string, entry: Entry): void {
    if (this.entries.get(id)?.name === entry.name) return;
    this.entries.set(id, entry);
    this.write();
  }

  /** Keep a key's name (the caller checked it); written atomically. */
  add(id: string, key: string, name: string, now: Date): void {
    const entry = { name: cleanName(name), key, since: now.toISOString() };
    this.entries.set(id, entry);
    this.write();
    this.onAdd?.(id, entry);
  }

  private write(): void {
    const players = Object.fromEntries(this.entries);
    writeFileAtomic.sync(this.file, `${JSON.stringify({ players }, null, 2)}\n`, { mode: 0o600 });
  }

  /** Whether any key holds this name (guests may not take a player's). */
  taken(name: string): boolean {
    return this.problem(name) !== undefined;
  }
}

/** A name as typed, made printable and trimmed (the text field keeps it printable already). */
export const cleanName = (name: string) => printable(name).trim();
