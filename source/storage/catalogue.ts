/**
 * The recordings folder as a list, for the recordings browser: each file's header, whether its
 * game was finished (its closing line) and about how long it is, read from the file's first and
 * last few kilobytes only, so a folder of a thousand recordings opens at once whatever their size.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome } from '../engine/game.js';
import {
  type Catalogue,
  ENDED,
  type GameLookup,
  parseHeader,
  type Listed,
  TAKEN_BACK,
} from '../engine/recording.js';
import { LONGEST_LINE } from './recording-file.js';

/** How much of the start of each file is read: the header and, for most games, every line. */
const HEAD = 16 << 10;
/** How much of the end: the closing line. */
const TAIL = 4 << 10;

/**
 * When a recording's game started, as the browser shows it: the header's time (the file's time
 * changes when a game is resumed or the file copied), else the file's for one without a header.
 */
export function startedAt(listed: Listed): number {
  const started = Date.parse(listed.header?.startedAt ?? '');
  return Number.isNaN(started) ? listed.modified : started;
}

/** Every `.jsonl` file of `directory`, the latest started first. A missing folder is an empty list. */
export function listRecordings(directory: string, lookup: GameLookup): Catalogue {
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.jsonl'));
  } catch {
    names = [];
  }
  const recordings: Listed[] = [];
  for (const name of names) {
    const listed = summarise(join(directory, name), name, lookup);
    if (listed) recordings.push(listed);
  }
  // Games started at the same moment: the one played last first.
  recordings.sort(
    (a, b) =>
      startedAt(b) - startedAt(a) || b.modified - a.modified || a.name.localeCompare(b.name),
  );
  return { directory, recordings };
}

function summarise(file: string, name: string, lookup: GameLookup): Listed | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    // Gone since the folder was read, or not ours to read: not listed.
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const size = stat.size;
    const base = { file, name, modified: stat.mtimeMs, steps: 0, approximate: false };
    let head = read(fd, 0, Math.min(size, HEAD));
    let end = head.indexOf(0x0a);
    // A header longer than the first read (a hundred players): read on to its end.
    if (end < 0 && size > head.length) {
      head = read(fd, 0, Math.min(size, LONGEST_LINE));
      end = head.indexOf(0x0a);
    }
    let first = head.subarray(0, end < 0 ? head.length : end).toString('utf8');
    if (first.startsWith('\uFEFF')) first = first.slice(1);
    const parsed = parseHeader(first, lookup);
    if (!parsed.ok) return { ...base, problem: parsed.problem };
    const whole = head.length === size;
    const lines = head
      .subarray(end + 1)
      .toString('utf8')
      .split('\n');
    // Unless the whole file was read, the last line of the head may be cut short.
    if (!whole) lines.pop();
    let steps = 0;
    for (const line of lines) {
      if (line === '') continue;
      if (line.includes(TAKEN_BACK)) steps--;
      else if (!line.startsWith('{"type":"session/')) steps++;
    }
    const bodyRead = head.length - (end + 1);
    const estimated =
      whole || bodyRead <= 0 ? steps : Math.round((steps * (size - end - 1)) / bodyRead);
    const tail = whole ? head : read(fd, Math.max(0, size - TAIL), Math.min(size, TAIL));
    return {
      ...base,
      header: parsed.header,
      outcome: closingOutcome(tail, parsed.header.players.length),
      steps: Math.max(0, estimated),
      approximate: !whole,
    };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function read(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const got = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, got);
}

/** The outcome on a closing line at the end of `tail`, checked as far as it is shown. */
function closingOutcome(tail: Buffer, seats: number): Outcome | undefined {
  const text = tail.toString('utf8').trimEnd();
  const last = text.slice(text.lastIndexOf('\n') + 1);
  if (!last.includes(ENDED)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(last);
  } catch {
    return undefined;
  }
  const outcome = (value as { type?: unknown; outcome?: unknown }).outcome as
    Record<string, unknown> | undefined;
  if ((value as { type?: unknown }).type !== ENDED || typeof outcome !== 'object' || !outcome)
    return undefined;
  const seat = (n: unknown): n is number =>
    Number.isInteger(n) && (n as number) >= 0 && (n as number) < seats;
  if (outcome.status === 'won' && seat(outcome.winner))
    return { status: 'won', winner: outcome.winner };
  if (outcome.status === 'drawn') return { status: 'drawn' };
  if (
    outcome.status === 'ranked' &&
    Array.isArray(outcome.ranking) &&
    outcome.ranking.every(seat) &&
    Array.isArray(outcome.scores) &&
    outcome.scores.every((s) => typeof s === 'number')
  )
    return { status: 'ranked', ranking: outcome.ranking, scores: outcome.scores as number[] };
  return undefined;
}
