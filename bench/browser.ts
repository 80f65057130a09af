/**
 * The recordings browser: how long a folder of 1,000 recordings takes to list (the headers and
 * ends only, so ten recordings of a megabyte cost what small ones do), and key → frame while
 * scrolling it, through Ink's real render path as in the UI section.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endLine, eventLine, headerLine } from '../source/engine/recording.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { GAMES } from '../source/games/index.js';
import { chance, legalEvents, outcome, reduce, setup } from '../source/games/yut/rules.js';
import { listRecordings } from '../source/storage/catalogue.js';
import { openRecording } from '../source/storage/load.js';
import { writeLongRecording } from './recording.js';
import { type Figure, fmt, type Section } from './report.js';
import { benchOptions, keyToFrameOf } from './ui.js';

const lookup = (name: string) => GAMES.find((g) => g.id === name);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/** One random 2 × 4 Yut game as a recording's text (finished, or cut short when `unfinished`). */
function randomGame(seed: number, unfinished: boolean): string {
  const names = ['Ann', 'Bob', 'Cho', 'Dan', 'Eve', 'Fay', 'Gus', 'Hana'];
  const options = { players: 2, pieces: 4 };
  const random = seededRandom(seed);
  const lines = [
    headerLine({
      format: 'madang-recording',
      version: 1,
      game: 'yut',
      options,
      players: [0, 1].map((i) => ({
        name: names[(seed + i * 3) % 8] ?? 'A',
        kind: 'human' as const,
      })),
      seed,
      startedAt: new Date(Date.UTC(2026, 0, 1) + seed * 3_600_000).toISOString(),
      app: 'madang bench',
    }),
  ];
  let state = setup(options);
  while (state.phase !== 'over' && !(unfinished && lines.length > 60)) {
    const outcomes = chance(state);
    const legal = legalEvents(state);
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : legal[random.below(legal.length)];
    if (!event) break;
    state = reduce(state, event);
    lines.push(eventLine(event));
  }
  const end = outcome(state);
  if (end.status !== 'running') lines.push(endLine(end));
  return lines.join('');
}

/** 1,000 recordings: games of every length, every tenth unfinished, ten of them 1 MiB or more. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'madang-bench-browser-'));
  for (let i = 0; i < 990; i++)
    writeFileSync(
      join(dir, `yut-${String(i).padStart(4, '0')}.jsonl`),
      randomGame(i, i % 10 === 0),
    );
  for (let i = 0; i < 10; i++) writeLongRecording(join(dir, `long-${i}.jsonl`), 25_000, i + 1);
  return dir;
}

/** Key → frame in the browser over `dir`: down a page and back up, a row at a time. */
const scrolling = (dir: string, samples: number) =>
  keyToFrameOf(
    {
      ...benchOptions({ kind: 'menu' }),
      recordings: {
        list: () => listRecordings(dir, lookup),
        open: (file, mode) => openRecording(file, mode, lookup),
      },
    },
    // Up from the first row is Quit, then Help, then Recordings.
    ['\x1b[A', '\x1b[A', '\x1b[A', '\r'],
    (i) => (i % 40 < 20 ? '\x1b[B' : '\x1b[A'),
    samples,
  );

export async function browserSection(quick: boolean): Promise<Section> {
  const dir = folder();
  try {
    const first = performance.now();
    const catalogue = listRecordings(dir, lookup);
    const cold = performance.now() - first;
    const times: number[] = [];
    for (let i = 0; i < (quick ? 5 : 20); i++) {
      const start = performance.now();
      listRecordings(dir, lookup);
      times.push(performance.now() - start);
    }
    const long = catalogue.recordings.filter((r) => r.approximate).length;
    const keys = await scrolling(dir, quick ? 40 : 200);
    const figures: Figure[] = [
      {
        what: `list 1,000 recordings (${long} read in part, ten of them ≥ 1 MiB): first`,
        value: `${fmt(cold, 1)} ms`,
        target: '< 300 ms',
      },
      {
        what: `  again, median / max (${times.length} runs)`,
        value: `${fmt(at(times, 0.5), 1)} / ${fmt(Math.max(...times), 1)} ms`,
        target: '< 300 ms',
      },
      {
        what: `key → browser frame while scrolling, median / 95th (${keys.length} keys)`,
        value: `${fmt(at(keys, 0.5), 2)} / ${fmt(at(keys, 0.95), 2)} ms`,
        target: '< 16 ms',
      },
    ];
    return { title: 'Recordings browser (1,000 recordings)', figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
