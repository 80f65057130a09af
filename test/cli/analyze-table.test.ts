/**
 * `madang analyze`'s table (cli/analyze.ts): a loss or a luck that rounds to nothing is printed
 * 0.0, never −0.0 (a move within 0.05 points of the best lost nothing a reader can see).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGame } from '../../source/analysis/analyze.js';
import type { DecisionAnalysis, GameAnalysis } from '../../source/analysis/types.js';
import { analysisTable } from '../../source/cli/analyze.js';
import type { AnyGameCore } from '../../source/engine/core.js';
import { coreOf } from '../../source/games/cores.js';
import { loadRecording } from '../../source/storage/load.js';
import { lookup } from '../support/games.js';
import { ROOT } from '../support/tmux.js';

describe('the analysis table', () => {
  it('prints a loss or a luck that rounds to nothing as 0.0, with no minus sign', async () => {
    const loaded = await loadRecording(join(ROOT, 'fixtures', 'analysis', 'yut.jsonl'), lookup);
    if (!loaded.ok) throw new Error(loaded.problem);
    const core = coreOf('yut') as AnyGameCore;
    const { recording } = loaded;
    const real = analyzeGame(core, recording.timeline!, ['Ada', 'Bo'], { level: 'greedy' });
    // The game's first move with a choice and its first throw, given figures under 0.05 points.
    const move = real.decisions.find((d) => d.kind === 'move' && d.choices > 1);
    const thrown = real.decisions.find((d) => d.kind === 'chance');
    if (move?.kind !== 'move' || thrown?.kind !== 'chance') throw new Error('no move or throw');
    const nearly: DecisionAnalysis[] = [
      { ...thrown, luck: -0.03 },
      { ...move, after: move.bestAfter - 0.0003, loss: 0.03, grade: 'best' },
    ];
    const analysis: GameAnalysis = { ...real, decisions: nearly };
    const table = analysisTable(core, analysis, recording, 'Ada won').join('\n');
    expect(table).not.toMatch(/−0\.0(?!\d)/);
    expect(table).toMatch(/luck \+0\.0 {5}/);
    expect(table).toMatch(/ {2}0\.0 {10}/);
  });
});
