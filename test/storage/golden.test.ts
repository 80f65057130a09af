/**
 * Golden recordings: the writer's bytes for each golden game equal fixtures/recordings, and
 * each fixture replays to its known final state. `npm run fixtures` (REGENERATE=1) rewrites
 * them when the rules change on purpose.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../../source/storage/recording-file.js';
import { lookup } from '../support/games.js';
import { ANIMAL_FEATURES, GOLDEN, playGolden } from '../support/golden.js';
import { ROOT } from '../support/tmux.js';

const FIXTURES = join(ROOT, 'fixtures', 'recordings');
const regenerate = process.env.REGENERATE === '1';
const scratch = mkdtempSync(join(tmpdir(), 'madang-golden-'));

describe('golden recordings', () => {
  for (const game of GOLDEN) {
    const fixture = join(FIXTURES, `${game.name}.jsonl`);
    const finalFile = join(FIXTURES, `${game.name}.final.json`);

    it(`${game.name}: the writer produces the fixture byte for byte`, () => {
      const written = join(scratch, `${game.name}.jsonl`);
      const played = playGolden(game, written);
      if (regenerate) {
        copyFileSync(written, fixture);
        writeFileSync(finalFile, `${JSON.stringify(played.state, null, 2)}\n`);
      }
      expect(readFileSync(written)).toEqual(readFileSync(fixture));
    });

    it(`${game.name}: the fixture replays to its known final state`, async () => {
      const read = await readRecording(fixture, lookup);
      if (!read.ok) throw new Error(read.problem);
      expect(read.result.warnings).toEqual([]);
      expect(read.result.replayer.state).toEqual(JSON.parse(readFileSync(finalFile, 'utf8')));
    });
  }

  it('the short game is finished, with its closing line', () => {
    const lines = readFileSync(join(FIXTURES, 'short.jsonl'), 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({
      type: 'session/ended',
      outcome: { status: 'won' },
    });
  });

  it('the animals game has catches, stacks, back-do, every animal’s skill and a take-back', () => {
    const { log, state } = playGolden(GOLDEN[1] as (typeof GOLDEN)[number]);
    expect(state.phase).toBe('over');
    for (const [feature, pattern] of ANIMAL_FEATURES) {
      expect(
        log.some((line) => pattern.test(line)),
        feature,
      ).toBe(true);
    }
  });

  it('the unfinished game has no closing line and ends mid-game', async () => {
    const text = readFileSync(join(FIXTURES, 'unfinished.jsonl'), 'utf8');
    expect(text).not.toContain('session/ended');
    expect(text).toContain('session/moveTakenBack');
    const read = await readRecording(join(FIXTURES, 'unfinished.jsonl'), lookup);
    expect(read.ok && read.result.replayer.outcome).toEqual({ status: 'running' });
  });
});
