/** Bench output: a readable table and the machine it ran on. Numbers only, never pass/fail. */
import os from 'node:os';

export interface Figure {
  readonly what: string;
  readonly value: string;
  readonly target?: string;
}

export interface Section {
  readonly title: string;
  readonly figures: readonly Figure[];
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  return `${cpu.trim()}, ${os.cpus().length} cores, ${memory} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

/** The 1, 5 and 15 minute load averages, as `uptime` says them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** A section's time: its wall time, and the bench process's own CPU in it. */
export const timeOf = (s: { wall: number; cpu: number }) =>
  `${fmt(s.wall, 1)} s wall · ${fmt(s.cpu, 1)} s CPU (the bench's own)`;

export function table(section: Section): string {
  const rows = section.figures.map((f) => [f.what, f.value, f.target ?? '']);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] as string).length), 6));
  const line = (r: string[]) =>
    `  ${(r[0] as string).padEnd(widths[0] as number)}  ${(r[1] as string).padStart(widths[1] as number)}  ${r[2]}`.trimEnd();
  return [section.title, line(['figure', 'value', 'target']), ...rows.map(line)].join('\n');
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Wilson score interval for a win rate, 95%. */
export function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

export const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
export const quantile = (xs: number[], q: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? Number.NaN;
