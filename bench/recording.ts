/**
 * Recording figures: `madang verify` on large generated recordings, timed as a whole program
 * run (wall time, and peak resident memory from GNU time where present).
 *
 * One Yut game never lasts 100,000 events, so the large recordings are one 4-player game in
 * which, before most moves, the player tries the move and takes it back (`u` in the UI) many
 * times: every line is still read, checked by the rules and folded.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endLine, eventLine, headerLine, takenBackLine } from '../source/engine/recording.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import {
  chance,
  legalEvents,
  outcome,
  reduce,
  setup,
  type YutEvent,
} from '../source/games/yut/rules.js';
import { type Figure, fmt, type Section } from './report.js';

/** Write a recording of about `lines` lines; returns the line count written. */
export function writeLongRecording(file: string, lines: number, seed = 1): number {
  const fd = openSync(file, 'w');
  let buffer = '';
  let written = 0;
  const put = (text: string) => {
    buffer += text;
    written++;
    if (buffer.length > 1 << 20) {
      writeSync(fd, buffer);
      buffer = '';
    }
  };
  const options = { players: 4, pieces: 4 };
  put(
    headerLine({
      format: 'madang-recording',
      version: 1,
      game: 'yut',
      options,
      players: ['A', 'B', 'C', 'D'].map((name) => ({ name, kind: 'bot' as const })),
      seed,
      startedAt: '2026-01-01T00:00:00.000Z',
      app: 'madang bench',
    }),
  );
  // First play the game, noting the moves after which the same player goes on (those can be
  // taken back); then write it with the take-backs spread evenly over those moves.
  const random = seededRandom(seed);
  let state = setup(options);
  const events: { event: YutEvent; retractable: boolean }[] = [];
  while (state.phase !== 'over') {
    const outcomes = chance(state);
    const legal = legalEvents(state);
    const event = outcomes
      ? sampleChance(outcomes, random).event
      : (legal[random.below(legal.length)] as YutEvent);
    const next = reduce(state, event);
    events.push({
      event,
      retractable: !outcomes && next.turn === state.turn && next.phase !== 'over',
    });
    state = next;
  }
  let retractable = events.filter((e) => e.retractable).length;
  let tries = Math.floor(Math.max(0, lines - 2 - events.length) / 2);
  for (const { event, retractable: canRetract } of events) {
    if (canRetract) {
      const here = Math.ceil(tries / retractable--);
      for (let t = 0; t < here; t++) {
        put(eventLine(event));
        put(takenBackLine());
      }
      tries -= here;
    }
    put(eventLine(event));
  }
  put(endLine(outcome(state)));
  writeSync(fd, buffer);
  closeSync(fd);
  return written;
}

function timeVerify(file: string): { seconds: number; peakMiB: number | undefined; ok: boolean } {
  const cli = fileURLToPath(new URL('../../dist/madang.js', import.meta.url));
  const hasGnuTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status === 0;
  const start = performance.now();
  const run = hasGnuTime
    ? spawnSync('/usr/bin/time', ['-f', 'peak-kib %M', process.execPath, cli, 'verify', file], {
        encoding: 'utf8',
      })
    : spawnSync(process.execPath, [cli, 'verify', file], { encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  const peak = /peak-kib (\d+)/.exec(run.stderr ?? '')?.[1];
  return { seconds, peakMiB: peak ? Number(peak) / 1024 : undefined, ok: run.status === 0 };
}

export function recordingSection(quick: boolean): Section {
  const dir = mkdtempSync(join(tmpdir(), 'madang-bench-'));
  const figures: Figure[] = [];
  try {
    const sizes = quick ? [100_000] : [100_000, 1_000_000];
    for (const size of sizes) {
      const file = join(dir, `long-${size}.jsonl`);
      const lines = writeLongRecording(file, size);
      const mib = statSync(file).size / 2 ** 20;
      const { seconds, peakMiB, ok } = timeVerify(file);
      const label = `verify ${fmt(lines)} lines (${fmt(mib, 1)} MiB)`;
      figures.push(
        {
          what: `${label}: whole run`,
          value: ok ? `${fmt(seconds, 2)} s` : 'FAILED',
          target: size === 100_000 ? '< 1 s' : '',
        },
        { what: `${label}: lines/s`, value: fmt(lines / seconds) },
        {
          what: `${label}: peak memory`,
          value: peakMiB === undefined ? 'n/a' : `${fmt(peakMiB, 0)} MiB`,
        },
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { title: 'Recordings (madang verify, the whole program)', figures };
}
