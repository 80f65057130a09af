/**
 * Fuzzing the classic protocol: random answers (mostly plausible, some garbage) and random
 * bytes at every prompt. It must never throw, never hang, answer every refusal with an
 * `Invalid input:` line followed by the prompt again, and end cleanly at the end of input.
 */
import { Readable, Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamIO } from '../../../source/classic/lines.js';
import { runClassicYut } from '../../../source/games/yut/classic/console.js';
import { NO_RECORDING } from '../../../source/engine/recording.js';
import { seededThrows } from '../../../source/games/yut/throws.js';

const plausible = fc.oneof(
  fc.constantFrom('1', '2', '3', '4', '0', 'back-do', 'do', 'gae', 'geol', 'yut', 'mo', ''),
  fc.integer({ min: 0, max: 30 }).map(String),
);
const garbage = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const answers = fc.array(
  fc.oneof({ weight: 8, arbitrary: plausible }, { weight: 1, arbitrary: garbage }),
  {
    maxLength: 400,
  },
);

async function run(input: Buffer | string, seed: number) {
  const out: string[] = [];
  const errors: string[] = [];
  const io = streamIO(
    Readable.from([input]),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk.toString());
        done();
      },
    }),
  );
  const code = await Promise.race([
    runClassicYut(io, {
      colour: false,
      throwsFor: () => ({ throws: seededThrows(seed), seed }),
      recorderFor: () => NO_RECORDING,
      error: (m) => errors.push(m),
    }),
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000)),
  ]);
  return { code, transcript: out.join(''), errors };
}

function refusalsArePrompted(transcript: string): boolean {
  // Every refusal line is followed by a prompt (the same one, or the move's first) or the end.
  const after = transcript.split('Invalid input: ').slice(1);
  return after.every((chunk) => {
    const rest = chunk.slice(chunk.indexOf('\n') + 1);
    return (
      rest === '' || /^(Select the function you want|number of|>> position|>> yut) /.test(rest)
    );
  });
}

describe('classic protocol under fuzzing', () => {
  it('random answer lines', async () => {
    await fc.assert(
      fc.asyncProperty(answers, fc.integer(), async (lines, seed) => {
        // Start a 2-player game, so that the fuzzing reaches the move prompts.
        const { code, transcript, errors } = await run(`1\n2\n2\n${lines.join('\n')}\n`, seed);
        expect(code).toBe(0);
        expect(errors).toEqual([]);
        expect(transcript).toContain('Player 0 turn');
        expect(refusalsArePrompted(transcript)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('random bytes, CRLF, NULs and no final newline', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.integer(), async (bytes, seed) => {
        const prefix = Buffer.from('1\r\n2\r\n2\r\n');
        const { code, errors } = await run(Buffer.concat([prefix, Buffer.from(bytes)]), seed);
        expect(code).toBe(0);
        expect(errors).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('a game played to the end by always answering a legal move', async () => {
    // Plausible answers in bulk eventually finish games: the win line and the menu come back.
    const lines = ['1', '2', '1'];
    for (let i = 0; i < 3000; i++)
      lines.push(String(i % 30), ['do', 'gae', 'geol', 'yut', 'mo', 'back-do'][i % 6] as string);
    const { code, transcript } = await run(`${lines.join('\n')}\n`, 42);
    expect(code).toBe(0);
    expect(transcript).toMatch(/Player [01] win\n\*{60}\n/);
  });
});
