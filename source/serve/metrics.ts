/**
 * What an operator sees of madang serve (`--web`'s /metrics, in Prometheus's text format): the
 * server tells its events here as they happen (serve/server.ts, through `ServerWatch`), and the
 * rest is read when asked (connections by state, tables, Redis). Counters only grow; rates (keys
 * and frames a second) are Prometheus's `rate()` of them.
 */
import { cpuUsage, memoryUsage } from 'node:process';

/** Why a connection was refused before it was served. */
export type Refusal = 'full' | 'address' | 'flood';

/** What the SSH server tells of itself (serve/server.ts calls these; every one is optional there). */
export interface ServerWatch {
  refused(reason: Refusal): void;
  authFailed(): void;
  /** Bytes of keys taken from a connection. */
  keys(bytes: number): void;
  /** A frame sent to a connection: its bytes. */
  frame(bytes: number): void;
  /** Milliseconds Ink spent laying out and writing a frame (its onRender). */
  drawn(ms: number): void;
}

/** One sample: a metric's labels and value. */
export interface Sample {
  readonly labels?: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge';
  readonly samples: readonly Sample[];
}

/** A label's value as the text format takes it: backslash, quote and line end escaped. */
const labelValue = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** Families in Prometheus's text exposition format (version 0.0.4). */
export function exposition(families: readonly Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels ?? {});
      const shown =
        labels.length === 0
          ? ''
          : `{${labels.map(([k, v]) => `${k}="${labelValue(v)}"`).join(',')}}`;
      lines.push(`${family.name}${shown} ${Number.isFinite(sample.value) ? sample.value : 'NaN'}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The server's counters, kept as its events are told. */
export class ServerCounters implements ServerWatch {
  keyBytes = 0;
  keyChunks = 0;
  frames = 0;
  frameBytes = 0;
  drawMs = 0;
  authFailures = 0;
  readonly refusals: Record<Refusal, number> = { full: 0, address: 0, flood: 0 };

  refused(reason: Refusal): void {
    this.refusals[reason]++;
  }
  authFailed(): void {
    this.authFailures++;
  }
  keys(bytes: number): void {
    this.keyChunks++;
    this.keyBytes += bytes;
  }
  frame(bytes: number): void {
    this.frames++;
    this.frameBytes += bytes;
  }
  drawn(ms: number): void {
    this.drawMs += ms;
  }

  families(): Family[] {
    return [
      counter('madang_keys_total', 'Key presses (reads of a connection) taken.', this.keyChunks),
      counter('madang_key_bytes_total', 'Bytes of keys taken.', this.keyBytes),
      counter('madang_frames_total', 'Frames sent to SSH connections.', this.frames),
      counter('madang_frame_bytes_total', 'Bytes of the frames sent.', this.frameBytes),
      counter(
        'madang_frame_render_seconds_total',
        "Seconds of the server's thread in Ink's layout and output of frames.",
        this.drawMs / 1000,
      ),
      counter(
        'madang_auth_failures_total',
        'SSH authentications refused (a key whose signature does not verify, a bad key).',
        this.authFailures,
      ),
      {
        name: 'madang_refusals_total',
        help: 'Connections refused before they were served, by reason.',
        type: 'counter',
        samples: Object.entries(this.refusals).map(([reason, value]) => ({
          labels: { reason },
          value,
        })),
      },
    ];
  }
}

export const counter = (name: string, help: string, value: number): Family => ({
  name,
  help,
  type: 'counter',
  samples: [{ value }],
});

export const gauge = (name: string, help: string, samples: readonly Sample[] | number): Family => ({
  name,
  help,
  type: 'gauge',
  samples: typeof samples === 'number' ? [{ value: samples }] : samples,
});

/** The process's own: CPU seconds and resident memory, as Prometheus's clients name them. */
export function processFamilies(): Family[] {
  const cpu = cpuUsage();
  return [
    counter(
      'process_cpu_seconds_total',
      'CPU seconds the process used (user and system).',
      (cpu.user + cpu.system) / 1e6,
    ),
    gauge('process_resident_memory_bytes', 'Resident memory of the process.', memoryUsage.rss()),
  ];
}

/** Samples counted by their labels: `count(items, item => labels)`. */
export function tally<T>(
  items: Iterable<T>,
  labelsOf: (item: T) => Record<string, string>,
): Sample[] {
  const counts = new Map<string, { labels: Record<string, string>; value: number }>();
  for (const item of items) {
    const labels = labelsOf(item);
    const key = JSON.stringify(labels);
    const known = counts.get(key);
    if (known) known.value++;
    else counts.set(key, { labels, value: 1 });
  }
  return [...counts.values()].sort((a, b) =>
    JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels)),
  );
}
