/**
 * Golden transcripts of the classic protocol: for each scripted game in fixtures/classic, the
 * answers and throws produce the expected transcript byte for byte, without colour and with.
 * The recording of each passes verify. REGENERATE=1 (npm run fixtures) rewrites transcripts.
 */
import { lookup } from '../../support/games.js';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listIO } from '../../../source/classic/lines.js';
import { runClassicAdvanced } from '../../../source/games/yut/classic/advanced.js';
import { runClassicYut } from '../../../source/games/yut/classic/console.js';
import { YutFiles } from '../../../source/games/yut/files.js';
import { newHeader } from '../../../source/engine/recording.js';
import type { YutOptions } from '../../../source/games/yut/rules.js';
import { parseThrowScript, scriptedThrows } from '../../../source/games/yut/throws.js';
import { openRecorder } from '../../../source/storage/recorder.js';
import { verify } from '../../../source/cli/verify.js';
import { ROOT } from '../../support/tmux.js';

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
  // One throw script for the whole run, as the program has it.
  const throws = scriptedThrows(parsed.script);
  const out: string[] = [];
  const errors: string[] = [];
  // The advanced scenarios play in a data directory holding the seed's two files.
  const dataDir = mkdtempSync(join(tmpdir(), 'madang-advanced-'));
  for (const f of ['user_info.txt', 'game_info.txt'])
    copyFileSync(join(ROOT, 'fixtures/advanced', f), join(dataDir, f));
  const common = {
    colour,
    throwsFor: () => ({ throws, seed: null }),
    recorderFor: (options: YutOptions, seed: number | null) =>
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
    error: (message: string) => errors.push(message),
  };
  const io = listIO(answers, out);
  const code = name.startsWith('advanced-')
    ? await runClassicAdvanced(io, {
        ...common,
        files: new YutFiles(dataDir),
        warn: (m) => errors.push(m),
      })
    : await runClassicYut(io, common);
  const gameInfo = readFileSync(join(dataDir, 'game_info.txt'), 'utf8');
  return { transcript: out.join(''), code, errors, gameInfo };
}

describe('classic protocol: golden transcripts', () => {
  it('has the scenarios the issue asks for', () => {
    expect(scenarios.sort()).toEqual([
      'advanced-resume-seed-line',
      'advanced-save-resume',
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
        const { transcript, code, errors, gameInfo } = await runScenario(name, colour, recording);
        expect(errors).toEqual([]);
        expect(code).toBe(0);
        if (regenerate) writeFileSync(file, transcript);
        expect(transcript).toBe(readFileSync(file, 'utf8'));
        const gameInfoFile = join(DIR, `${name}.game_info.txt`);
        if (name.startsWith('advanced-')) {
          if (regenerate) writeFileSync(gameInfoFile, gameInfo);
          expect(gameInfo).toBe(readFileSync(gameInfoFile, 'utf8'));
        }
        // The game was recorded as it went, and the recording holds.
        const lines: string[] = [];
        expect(
          await verify(
            [recording],
            lookup,
            (l) => lines.push(l),
            (l) => lines.push(l),
          ),
        ).toBe(0);
      });
    }
  }
});
