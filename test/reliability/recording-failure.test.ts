/**
 * A recording that cannot be written any more (a full disk) is said when it happens and at the
 * end, never reported as the game's record, and the game goes on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordingEnd } from '../../source/engine/recording.js';
import {
  type LineWriter,
  openRecorder,
  recorderFor,
  recordingReport,
} from '../../source/storage/recorder.js';
import { newHeader } from '../../source/engine/recording.js';
import type { GameEvent } from '../../source/engine/game.js';
import { CLI } from '../support/tmux.js';

/** A writer whose disk fills after `room` events. */
function fillingWriter(room: number): LineWriter & { written: number } {
  const full = () => {
    throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  };
  const writer = {
    file: '/games/x.jsonl',
    written: 0,
    event: () => {
      if (writer.written >= room) full();
      writer.written++;
    },
    takenBack: full,
    explained: full,
    end: full,
    close: () => {},
    discard: () => false,
  };
  return writer;
}

describe('a recording whose disk fills', () => {
  it('is said once when it happens, and at the end as incomplete', () => {
    const writer = fillingWriter(3);
    const problems: string[] = [];
    const closed: [string, RecordingEnd, string | undefined][] = [];
    const recorder = recorderFor(
      writer,
      (file, ending, failure) => closed.push([file, ending, failure]),
      (problem) => problems.push(problem),
    );
    for (let i = 0; i < 6; i++) recorder.event({ type: 'x' });
    expect(writer.written).toBe(3);
    expect(problems).toEqual([
      'The recording in /games/x.jsonl stopped: writing it failed (ENOSPC); the game goes on unrecorded.',
    ]);
    expect(recorder.problem).toBe(problems[0]);
    recorder.end({ status: 'won', winner: 0 });
    expect(closed).toEqual([['/games/x.jsonl', 'finished', 'ENOSPC']]);
    expect(recordingReport(...(closed[0] as [string, RecordingEnd, string]))).toBe(
      'madang: the recording in /games/x.jsonl is incomplete: it stops where writing it failed (ENOSPC)',
    );
  });

  it('a recording that never failed is reported as the record', () => {
    expect(recordingReport('/g.jsonl', 'finished', undefined)).toBe(
      'madang: the game was recorded in /g.jsonl',
    );
  });

  // A real full disk: a 64 KiB tmpfs, nearly filled. Mounting needs root; CI and this machine are.
  const small = join(mkdtempSync(join(tmpdir(), 'madang-full-')), 'disk');
  mkdirSync(small);
  const mounted =
    spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', small]).status === 0;
  it.skipIf(!mounted)(
    'a classic Ur game of two computers on a full disk: said at once and at the end, played to its end',
    () => {
      try {
        // Leave one page: room for the header and some events, not the whole game.
        writeFileSync(join(small, 'filler'), Buffer.alloc(60 * 1024));
        const file = join(small, 'ur.jsonl');
        const run = spawnSync(
          process.execPath,
          [CLI, 'ur', '--classic', '--bots', 'all', '--seed', '3', '--record', file],
          { input: 'board.ur\n', encoding: 'utf8', timeout: 60_000 },
        );
        expect(run.stdout).toMatch(/wins!\n$/);
        const warnings = run.stderr.split('\n').filter((l) => l.includes('stopped'));
        expect(warnings).toEqual([
          `madang: warning: The recording in ${file} stopped: writing it failed (ENOSPC); the game goes on unrecorded.`,
        ]);
        expect(run.stderr).toContain(
          `madang: the recording in ${file} is incomplete: it stops where writing it failed (ENOSPC)`,
        );
        expect(run.stderr).not.toContain('the game was recorded in');
        expect(run.status).toBe(0);
        // What did go in is a recording cut short, nothing else: it replays up to the failure.
        const verify = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
        expect(verify.stdout).toMatch(/unfinished|still running|not finished/);
      } finally {
        execFileSync('umount', [small]);
      }
    },
  );
});

describe('a game left before its first move', () => {
  const writer = (created: boolean) => {
    const calls: string[] = [];
    return {
      calls,
      writer: {
        file: '/games/y.jsonl',
        event: () => calls.push('event'),
        takenBack: () => calls.push('takenBack'),
        explained: () => calls.push('explained'),
        end: () => calls.push('end'),
        close: () => calls.push('close'),
        discard: () => {
          calls.push('discard');
          return created;
        },
      },
    };
  };

  it('leaves no recording and reports none', () => {
    const { calls, writer: w } = writer(true);
    const closed: string[] = [];
    recorderFor(w, (file) => closed.push(file)).close();
    expect(calls).toEqual(['discard']);
    expect(closed).toEqual([]);
  });

  it('though the dice or the turn order were drawn for it, leaves no recording', () => {
    // Layers draws the round's order and Kono throws for the first player before anyone moves.
    const { calls, writer: w } = writer(true);
    const closed: string[] = [];
    const recorder = recorderFor(w, (file) => closed.push(file));
    recorder.event({ type: 'layers/orderDrawn' }, true);
    recorder.event({ type: 'layers/orderDrawn' }, true);
    recorder.close();
    expect(calls).toEqual(['event', 'event', 'discard']);
    expect(closed).toEqual([]);
  });

  it('makes no file until the first move, so a game killed before it leaves none', () => {
    const directory = mkdtempSync(join(tmpdir(), 'madang-lazy-'));
    const header = newHeader({
      game: 'layers',
      options: { players: 10, turns: 3 },
      players: [{ name: 'Player 1', kind: 'human' }],
      seed: 20,
      startedAt: new Date('2026-01-01T00:00:00Z'),
      app: 'madang test',
    });
    const closed: string[] = [];
    const recorder = openRecorder({ mode: 'auto', directory }, header, (file) => closed.push(file));
    const drawn = (player: number) => ({ type: 'layers/orderDrawn', player }) as GameEvent;
    recorder.event(drawn(0), true);
    recorder.event(drawn(1), true);
    expect(readdirSync(directory)).toEqual([]);
    expect(recorder.file).toBeUndefined();
    // The first move makes the file, with the draws before it.
    recorder.event({ type: 'layers/rested' });
    const [name] = readdirSync(directory);
    expect(recorder.file).toBe(join(directory, name ?? ''));
    recorder.close();
    expect(closed).toEqual([recorder.file]);
    expect(
      readFileSync(recorder.file ?? '', 'utf8')
        .trimEnd()
        .split('\n')
        .slice(1),
    ).toEqual([
      '{"type":"layers/orderDrawn","player":0}',
      '{"type":"layers/orderDrawn","player":1}',
      '{"type":"layers/rested"}',
    ]);
  });

  it('a game with a move, or a resumed recording, is kept and reported', () => {
    const played = writer(true);
    const closed: string[] = [];
    const recorder = recorderFor(played.writer, (file, ending) => closed.push(`${file} ${ending}`));
    recorder.event({ type: 'x' });
    recorder.close();
    expect(played.calls).toEqual(['event', 'close']);
    const resumed = writer(false);
    recorderFor(resumed.writer, (file, ending) => closed.push(`${file} ${ending}`)).close();
    expect(resumed.calls).toEqual(['discard', 'close']);
    expect(closed).toEqual(['/games/y.jsonl unfinished', '/games/y.jsonl unfinished']);
  });
});
