/**
 * Golden transcripts of the classic protocol: for each scripted game in fixtures/classic, the
 * answers and throws produce the expected transcript byte for byte, without colour and with.
 * The recording of each passes verify. REGENERATE=1 (npm run fixtures) rewrites transcripts.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listIO } from '../../source/classic/lines.js';
import { runClassicYut } from '../../source/classic/yut-classic.js';
import { newHeader } from '../../source/engine/recording.js';
import { parseThrowScript, scriptedThrows } from '../../source/games/yut/throws.js';
import { openRecorder } from '../../source/storage/recorder.js';
import { verify } from '../../source/verify.js';
import { ROOT } from '../support/tmux.js';

const DIR = join(ROOT, 'fixtures', 'classic');
const regenerate = process.env.REGENERATE === '1';
const scratch = mkdtempSync(join(tmpdir(), 'madang-classic-'));
const scenarios = readdirSync(DIR)
  .filter((f) => f.endsWith('.answers'))
  .map((f) => f.replace('.answers', ''));

export async function runScenario(name: string, colour: boolean, recording?: string) {
  const answers = readFileSync(join(DIR, `${name}.answers`), 'utf8').split('\n');
  if (answers.at(-1) === '') answers.pop();
  const parsed = parseThrowScript(
    readFileSync(join(DIR, `${name}.throws`), 'utf8'),
    `${name}.throws`,
  );
  if (!parsed.ok) throw new Error(parsed.problem);
  const out: string[] = [];
  const errors: string[] = [];
  const code = await runClassicYut(listIO(answers, out), {
    colour,
    throwsFor: () => ({ throws: scriptedThrows(parsed.script), seed: null }),
    recorderFor: (options, seed) =>
      openRecorder(
        recording ? { mode: 'file', file: recording } : { mode: 'off' },
        newHeader({
          game: 'yut',
          options,
          players: Array.from({ length: options.players }, (_, i) => ({
            name: `Player ${i}`,
            kind: 'human' as const,
          })),
          seed,
          startedAt: new Date('2026-01-01T00:00:00Z'),
          app: 'madang test',
        }),
      ),
    error: (message) => errors.push(message),
  });
  return { transcript: out.join(''), code, errors };
}

describe('classic protocol: golden transcripts', () => {
  it('has the scenarios the issue asks for', () => {
    expect(scenarios.sort()).toEqual([
      'four-players-stacking',
      'invalid-answers',
      'three-players-catch',
      'two-players-win',
    ]);
  });

  for (const name of scenarios) {
    for (const colour of [false, true]) {
      const file = join(DIR, `${name}${colour ? '.colour' : ''}.transcript`);
      it(`${name}${colour ? ', in colour' : ''}`, async () => {
        const recording = join(scratch, `${name}-${colour}.jsonl`);
        const { transcript, code, errors } = await runScenario(name, colour, recording);
        expect(errors).toEqual([]);
        expect(code).toBe(0);
        if (regenerate) writeFileSync(file, transcript);
        expect(transcript).toBe(readFileSync(file, 'utf8'));
        // The game was recorded as it went, and the recording holds.
        const lines: string[] = [];
        expect(
          await verify(
            [recording],
            (l) => lines.push(l),
            (l) => lines.push(l),
          ),
        ).toBe(0);
      });
    }
  }
});
