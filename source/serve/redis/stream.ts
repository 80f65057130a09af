/**
 * A table's events as a Redis Stream (madang serve --redis): one entry per recording line, the
 * authoritative record. Entry n has the id `0-n` (the header is 0-1), so a line written twice
 * (a retry after a lost answer) or by a second owner is refused by Redis itself: the id must
 * grow. Besides its line an entry carries what a follower needs to tell the fact as the owner
 * told it: a throw's mark, a computer's reason, the end of a run of take-backs, a closing.
 *
 * Pure: encoding, decoding, and the fold a new owner (or a test) makes of a stream.
 */
import type { ChanceSource } from '../../engine/chance.js';
import type { GameEvent } from '../../engine/game.js';
import {
  endLine,
  ENDED,
  EXPLAINED,
  eventLine,
  explainedLine,
  type GameLookup,
  type Header,
  headerLine,
  parseHeader,
  type Recorder,
  RESUMED,
  TAKEN_BACK,
  takenBackLine,
} from '../../engine/recording.js';
import type { Leaving } from '../../table/table.js';

export interface Entry {
  readonly seq: number;
  /** The recording line (JSON, no newline); a closing mark has none. */
  readonly line?: string | undefined;
  /** A throw, roll or draw. */
  readonly chance?: boolean | undefined;
  /** A computer's reason for the move on this line. */
  readonly reason?: string | undefined;
  /** The last of a run of take-backs: the seat whose move was taken back. */
  readonly mover?: number | undefined;
  /** The table was closed (its players ended it). */
  readonly closed?: Leaving | undefined;
}

export const streamId = (seq: number) => `0-${seq}`;
export const seqOf = (id: string) => Number(id.slice(id.indexOf('-') + 1));

export function toFields(entry: Entry): string[] {
  const fields: string[] = [];
  if (entry.line !== undefined) fields.push('l', entry.line);
  if (entry.chance) fields.push('c', '1');
  if (entry.reason !== undefined) fields.push('r', entry.reason);
  if (entry.mover !== undefined) fields.push('m', String(entry.mover));
  if (entry.closed !== undefined) fields.push('x', entry.closed);
  if (fields.length === 0) fields.push('x', 'quit');
  return fields;
}

export function fromFields(id: string, flat: readonly string[]): Entry {
  const get = (name: string) => {
    for (let i = 0; i + 1 < flat.length; i += 2) if (flat[i] === name) return flat[i + 1];
    return undefined;
  };
  const mover = get('m');
  return {
    seq: seqOf(id),
    line: get('l'),
    chance: get('c') === '1' || undefined,
    reason: get('r'),
    mover: mover === undefined ? undefined : Number(mover),
    closed: get('x') as Leaving | undefined,
  };
}

/** A recording's text from a stream's entries (`madang export`). */
export const recordingText = (entries: readonly Entry[]) =>
  entries.flatMap((e) => (e.line === undefined ? [] : [`${e.line}\n`])).join('');

/**
 * A recorder whose lines become entries: handed to `sink` together at the end of the step that
 * made them (a computer's reason joins its move's entry; a run of take-backs is marked).
 */
export class StreamRecorder implements Recorder {
  readonly file = undefined;
  readonly problem = undefined;
  private waiting: Entry[] = [];
  private seq: number;

  constructor(
    private readonly sink: (entries: Entry[]) => void,
    /** The entries already in the stream (0 for a new table: the header is written first). */
    seq: number,
    header?: Header,
  ) {
    this.seq = seq;
    if (header) this.add({ line: trim(headerLine(header)) });
  }

  /** The number of the last entry made (written or still on its way). */
  get last(): number {
    return this.seq;
  }

  /** The line of the last entry made, while it waits to be handed on. */
  get lastLine(): string | undefined {
    return this.waiting.at(-1)?.line;
  }

  private add(entry: Omit<Entry, 'seq'>): void {
    if (this.waiting.length === 0) queueMicrotask(() => this.flush());
    this.waiting.push({ ...entry, seq: ++this.seq });
  }

  flush(): void {
    const entries = this.waiting;
    if (entries.length === 0) return;
    this.waiting = [];
    this.sink(entries);
  }

  event(event: GameEvent, chance = false): void {
    this.add({ line: trim(eventLine(event)), chance: chance || undefined });
  }

  explained(reason: string): void {
    const before = this.waiting.at(-1);
    if (before && !before.chance && before.reason === undefined && before.line !== undefined)
      this.waiting[this.waiting.length - 1] = { ...before, reason };
    this.add({ line: trim(explainedLine(reason)) });
  }

  takenBack(): void {
    this.add({ line: trim(takenBackLine()) });
  }

  /** The run of take-backs just made ends here (the follower folds again once). */
  takenBackBy(mover: number): void {
    const last = this.waiting.at(-1);
    if (last) this.waiting[this.waiting.length - 1] = { ...last, mover };
  }

  end(outcome: Parameters<Recorder['end']>[0]): void {
    this.add({ line: trim(endLine(outcome)) });
  }

  close(ending?: Parameters<Recorder['close']>[0]): void {
    void ending;
  }

  /** The players ended the game (not over by the rules). */
  closed(leaving: Leaving): void {
    this.add({ closed: leaving });
  }
}

const trim = (line: string) => line.replace(/\n$/, '');

/** One event in force, as the stream told it. */
export interface Told {
  readonly event: GameEvent;
  readonly by: 'person' | 'computer' | 'chance';
  readonly reason?: string | undefined;
}

export interface Folded {
  readonly header: Header;
  readonly options: unknown;
  /** The events in force (taken-back ones gone). */
  readonly events: readonly Told[];
  /** Every throw drawn, in the order drawn, with the state it was drawn in (taken back or not). */
  readonly draws: readonly { readonly state: unknown; readonly event: GameEvent }[];
  readonly finished: boolean;
  readonly closed: boolean;
  /** The last entry's number. */
  readonly seq: number;
}

/**
 * A stream folded by its game's rules: every entry in order, numbered from 1 without a gap,
 * every event accepted. A problem names the entry.
 */
export function foldStream(
  entries: readonly Entry[],
  lookup: GameLookup,
): { ok: true; folded: Folded } | { ok: false; problem: string } {
  const first = entries[0];
  if (!first?.line) return { ok: false, problem: 'the stream has no header' };
  const parsed = parseHeader(first.line, lookup);
  if (!parsed.ok) return { ok: false, problem: `entry 1: ${parsed.problem}` };
  const { rules } = parsed.game;
  const states: unknown[] = [rules.setup(parsed.options as never)];
  const events: Told[] = [];
  const draws: { state: unknown; event: GameEvent }[] = [];
  let finished = false;
  let closed = false;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as Entry;
    if (entry.seq !== i + 1)
      return { ok: false, problem: `entry ${i + 1} is numbered ${entry.seq}` };
    if (i === 0) continue;
    if (entry.line === undefined) {
      closed = true;
      continue;
    }
    let value: GameEvent;
    try {
      value = JSON.parse(entry.line) as GameEvent;
    } catch {
      return { ok: false, problem: `entry ${entry.seq} is not JSON` };
    }
    if (value.type === TAKEN_BACK) {
      if (events.length === 0)
        return { ok: false, problem: `entry ${entry.seq} takes back with no event` };
      events.pop();
      states.pop();
      continue;
    }
    if (value.type === ENDED) finished = true;
    if (value.type === EXPLAINED || value.type === ENDED || value.type === RESUMED) continue;
    const state = states.at(-1);
    const after = rules.reduce(state, value);
    if (after === state) {
      const problem = rules.check(state, value);
      if (problem !== undefined)
        return { ok: false, problem: `entry ${entry.seq}: the rules refuse it (${problem})` };
    }
    if (entry.chance) draws.push({ state, event: value });
    events.push({
      event: value,
      by: entry.chance ? 'chance' : entry.reason !== undefined ? 'computer' : 'person',
      reason: entry.reason,
    });
    states.push(after);
  }
  return {
    ok: true,
    folded: {
      header: parsed.header,
      options: parsed.options,
      events,
      draws,
      finished,
      closed,
      seq: entries.length,
    },
  };
}

/**
 * A chance source brought to where the stream left it: every throw drawn again from the seed,
 * each one checked against the one in the stream (none repeated, none skipped).
 */
export function drawAgain(
  source: ChanceSource,
  draws: Folded['draws'],
): { ok: true } | { ok: false; problem: string } {
  for (let n = 0; n < draws.length; n++) {
    const { state, event } = draws[n] as Folded['draws'][number];
    const drawn = source.next(state);
    if (!drawn.ok) return { ok: false, problem: `throw ${n + 1}: ${drawn.problem}` };
    if (JSON.stringify(drawn.event) !== JSON.stringify(event))
      return {
        ok: false,
        problem: `throw ${n + 1} in the stream is ${JSON.stringify(event)}, the seed draws ${JSON.stringify(drawn.event)}`,
      };
  }
  return { ok: true };
}
