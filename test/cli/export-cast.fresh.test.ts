/**
 * `madang export FILE --cast`: a recording as an asciicast v2 (the terminal video asciinema's
 * player plays), drawn by the replay viewer itself off-screen. The command line runs in process
 * (test/support/command-line.ts), as its other tests do.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Keyboard, madang, Output, plainText, screenWhen } from '../support/command-line.js';
import { KEY } from '../support/ink.js';
import { ROOT } from '../support/tmux.js';

// Ink reads CI when it is first imported (see command-line.fresh.test.ts).
vi.hoisted(() => {
  process.env.CI = 'false';
  delete process.env.CONTINUOUS_INTEGRATION;
});

const RECORDINGS = join(ROOT, 'fixtures', 'recordings');
const scratch = () => mkdtempSync(join(tmpdir(), 'madang-cast-'));

type Frame = [time: number, kind: string, data: string];

/** An asciicast v2 read back: its header line, then one event a line. */
function readCast(text: string) {
  const [first, ...rest] = text.trimEnd().split('\n');
  const header = JSON.parse(first as string) as Record<string, unknown>;
  const frames = rest.map((line) => JSON.parse(line) as Frame);
  return { header, frames };
}

/** What a frame leaves on the screen: each frame is drawn whole, after clearing the last. */
const screenOf = (frame: Frame) =>
  plainText(frame[2])
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();

describe('madang export FILE --cast', () => {
  it("a finished game: the header, a frame an event at the replay's pace, and the end as the replay viewer shows it", async () => {
    const out = join(scratch(), 'short.cast');
    const run = await madang(['export', join(RECORDINGS, 'short.jsonl'), '--cast', '--out', out]);
    expect(run.stderr).toBe(`madang: ${out} written\n`);
    expect(run.code).toBe(0);
    const { header, frames } = readCast(readFileSync(out, 'utf8'));
    expect(header).toMatchObject({ version: 2, width: 80, height: 24 });
    expect(header.timestamp).toBe(Date.parse('2026-01-01T00:00:00.000Z') / 1000);
    expect(header.title).toBe('Yut Nori: Noah v Liam');
    // The recording's 47 game events (its header and closing line are not events): the start,
    // then one frame each.
    expect(frames).toHaveLength(48);
    expect(frames.every((f) => f[1] === 'o')).toBe(true);
    const times = frames.map((f) => f[0]);
    expect(times[0]).toBe(0);
    // No times in a recording: the viewer's own pace, 2 events a second.
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeCloseTo(0.5, 6);
    // Colour kept: the seats' colours as chalk writes them.
    expect(frames.some((f) => /\x1b\[31m/.test(f[2]))).toBe(true);
    expect(frames.some((f) => /\x1b\[94m/.test(f[2]))).toBe(true);
    expect(screenOf(frames[0] as Frame)).toContain('The start of the game.');

    // The replay viewer on a terminal of the same size, at its end (End).
    const terminal = new Output(true, 80, 24);
    const keyboard = new Keyboard();
    const viewer = madang(['replay', join(RECORDINGS, 'short.jsonl')], {
      stdin: keyboard,
      stdout: terminal,
    });
    await screenWhen(terminal, 'Noah');
    keyboard.press(KEY.End as string);
    const end = await screenWhen(terminal, '■ the end');
    keyboard.press('q');
    expect((await viewer).code).toBe(0);
    const last = screenOf(frames.at(-1) as Frame);
    expect(last).toContain('■ the end');
    expect(last).toBe(
      end
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trimEnd(),
    );
  });

  it('--speed and --size; a size too small, a bad speed, a file that is not a recording: one line each, exit 2', async () => {
    const dir = scratch();
    const out = join(dir, 'fast.cast');
    const run = await madang([
      'export',
      join(RECORDINGS, 'short.jsonl'),
      '--cast',
      '--out',
      out,
      '--speed',
      '4',
      '--size',
      '100x30',
    ]);
    expect(run.code).toBe(0);
    const { header, frames } = readCast(readFileSync(out, 'utf8'));
    expect(header).toMatchObject({ width: 100, height: 30 });
    expect((frames[1] as Frame)[0]).toBeCloseTo(0.125, 6);
    expect(screenOf(frames.at(-1) as Frame).split('\n').length).toBeLessThanOrEqual(30);

    const small = await madang([
      'export',
      join(RECORDINGS, 'short.jsonl'),
      '--cast',
      '--size',
      '60x20',
    ]);
    expect(small).toMatchObject({
      code: 2,
      stderr:
        'madang: --size 60x20 is smaller than the replay needs, 80x24 (--size 80x24 or more)\n',
    });
    const speed = await madang([
      'export',
      join(RECORDINGS, 'short.jsonl'),
      '--cast',
      '--speed',
      '0',
    ]);
    expect(speed).toMatchObject({
      code: 2,
      stderr: 'madang: --speed takes a number above 0 (2: twice as fast)\n',
    });
    const junk = join(dir, 'junk.jsonl');
    writeFileSync(junk, 'not a recording\n');
    const bad = await madang(['export', junk, '--cast']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^madang: .*junk\.jsonl:1: not a madang recording/);
  });

  it('to standard output without --out; a name with an escape in it cannot act in any frame', async () => {
    const dir = scratch();
    const file = join(dir, 'evil.jsonl');
    const lines = readFileSync(join(RECORDINGS, 'short.jsonl'), 'utf8').split('\n');
    // The first player's name hides what follows it (ESC [8m) and sets the window's title.
    lines[0] = (lines[0] as string).replace(
      '"Noah"',
      JSON.stringify('No\x1b[8mah\x1b]0;pwned\x07'),
    );
    writeFileSync(file, lines.join('\n'));
    const run = await madang(['export', file, '--cast']);
    expect(run.code).toBe(0);
    const { header, frames } = readCast(run.stdout);
    expect(header.title).not.toMatch(/[\x00-\x1f]/);
    for (const frame of frames) {
      expect(frame[2]).not.toContain('\x1b[8m');
      expect(frame[2]).not.toContain('\x1b]');
      expect(frame[2]).not.toContain('\x07');
    }
    // The name as the replay shows it: its controls gone, the rest of it there.
    expect(frames.some((f) => f[2].includes('No[8mah'))).toBe(true);
  });
});
