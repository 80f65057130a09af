/**
 * `--resume` works on the file's bytes: whatever prefix or single-byte change of a recording the
 * loader accepts as unfinished, resuming it leaves a file that loads again with the same events
 * in force; whatever it refuses is left as it was (resuming never starts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resumeOnBytes } from '../support/resume.js';
import { ROOT } from '../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-resume-'));
let count = 0;

/** Resume `bytes` as the program does (load, refuse or append a resumed line) and check it. */
async function resumeChecked(bytes: Buffer): Promise<'resumed' | 'refused'> {
  const file = join(dir, `r${count++}.jsonl`);
  writeFileSync(file, bytes);
  const { outcome, problem } = await resumeOnBytes(file);
  if (problem !== undefined)
    throw new Error(`${problem}\n--- from ---\n${bytes.toString('latin1')}`);
  return outcome;
}

const UNFINISHED = readFileSync(join(ROOT, 'fixtures/recordings/unfinished.jsonl'));
/** Bytes of the first n lines, without the last one's newline. */
const line = (n: number) => UNFINISHED.toString('latin1').split('\n').slice(0, n).join('\n').length;

describe('resuming on bytes', () => {
  it('a last whole line without its newline gets one before the resumed line', async () => {
    const bytes = UNFINISHED.subarray(0, line(5));
    expect(bytes.at(-1)).not.toBe(0x0a);
    expect(await resumeChecked(bytes)).toBe('resumed');
    const text = readFileSync(join(dir, `r${count - 1}.jsonl`), 'utf8');
    expect(text.split('\n').slice(4, 6)).toEqual([
      '{"type":"yut/pieceMoved","from":0,"result":"gae"}',
      '{"type":"session/resumed","at":"2026-01-02T00:00:00.000Z","seed":7}',
    ]);
  });

  it('a header alone without its newline stays a recording', async () => {
    expect(await resumeChecked(UNFINISHED.subarray(0, line(1)))).toBe('resumed');
    const text = readFileSync(join(dir, `r${count - 1}.jsonl`), 'utf8');
    expect(text.split('\n')).toHaveLength(3);
    expect(text.split('\n')[1]).toContain('session/resumed');
  });

  it('a torn tail after a line holding an invalid UTF-8 byte is cut at the right byte', async () => {
    // An invalid byte inside a player's name (one byte in the file, three once decoded).
    const header = UNFINISHED.subarray(0, line(1) + 1)
      .toString('latin1')
      .replace('Ethan', 'Eth\x80n');
    const body = UNFINISHED.subarray(line(1) + 1, line(5) + 1).toString('latin1');
    const bytes = Buffer.from(`${header}${body}{"type":"yut/sticksTh`, 'latin1');
    expect(await resumeChecked(bytes)).toBe('resumed');
    const written = readFileSync(join(dir, `r${count - 1}.jsonl`));
    expect(
      written
        .subarray(0, header.length + body.length)
        .equals(bytes.subarray(0, header.length + body.length)),
    ).toBe(true);
  });

  it('every prefix of a recording resumes into a recording that loads, or is refused untouched', async () => {
    const outcomes = { resumed: 0, refused: 0 };
    for (let end = 0; end <= UNFINISHED.length; end++)
      outcomes[await resumeChecked(UNFINISHED.subarray(0, end))]++;
    // Every prefix past the header's line is a resumable recording.
    expect(outcomes.resumed).toBe(UNFINISHED.length - line(1) + 1);
  }, 120_000);

  it('every single-byte change resumes into a recording that loads, or is refused untouched', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: UNFINISHED.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        async (at, value) => {
          const bytes = Buffer.from(UNFINISHED);
          bytes[at] = value;
          await resumeChecked(bytes);
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);
});
