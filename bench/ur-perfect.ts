/**
 * The Ur solver and the levels measured against it (issue 30): how long a table takes to build,
 * and for each level its mean loss per decision (the exact chance to win it gave away against
 * the perfect move, in percentage points) and its win rate against the perfect level, on three
 * stones (a table built here in a temporary directory) and on seven when the data directory
 * holds that table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bot, Level } from '../source/engine/bots.js';
import { sampleChance, seededRandom } from '../source/engine/random.js';
import { urBot } from '../source/games/ur/bot.js';
import { rateMoves, tableFor } from '../source/games/ur/perfect.js';
import { chance, reduce, setup, type UrEvent, type UrState } from '../source/games/ur/rules.js';
import { solveUr } from '../source/games/ur/solve-run.js';
import { readTablesFrom } from '../source/games/ur/solved-table.js';
import type { UrTable } from '../source/games/ur/table-format.js';
import { dataDirectory } from '../source/storage/paths.js';
import { type Figure, fmt, type Section, wilson } from './report.js';

const LEVELS: readonly Level[] = ['random', 'greedy', 'strong'];

interface Measured {
  readonly loss: number;
  readonly decisions: number;
  readonly wins: number;
  readonly games: number;
}

/** `level` against perfect, each colour in turn; every decision of `level` rated exactly. */
export function measureLevel(
  table: UrTable,
  stones: number,
  level: Level,
  games: number,
  bot: Bot<UrState, UrEvent> = urBot(level),
): Measured {
  const perfect = urBot('perfect');
  let loss = 0;
  let decisions = 0;
  let wins = 0;
  for (let game = 0; game < games; game++) {
    const seat = game % 2;
    const dice = seededRandom(1000 + game);
    const random = seededRandom(5000 + game);
    let state = setup({ stones });
    while (state.phase !== 'over') {
      const outcomes = chance(state);
      if (outcomes) {
        state = reduce(state, sampleChance(outcomes, dice).event);
        continue;
      }
      if (state.turn !== seat) {
        state = reduce(state, perfect.choose(state, random).event);
        continue;
      }
      const { event } = bot.choose(state, random);
      const rated = rateMoves(table, state);
      if (rated.length > 1 && event.type === 'ur/stoneMoved') {
        const chosen = rated.find((m) => m.event.stone === event.stone);
        loss += (rated[0] as (typeof rated)[number]).chance - (chosen?.chance ?? 0);
        decisions++;
      }
      state = reduce(state, event);
    }
    if (state.winner === seat) wins++;
  }
  return { loss: decisions === 0 ? 0 : (100 * loss) / decisions, decisions, wins, games };
}

function levelFigures(table: UrTable, stones: number, games: number): Figure[] {
  return LEVELS.flatMap((level) => {
    const m = measureLevel(table, stones, level, games);
    const [low, high] = wilson(m.wins, m.games);
    return [
      {
        what: `${level}: mean loss per decision, ${stones} stones (${fmt(m.decisions)} decisions)`,
        value: `${m.loss.toFixed(3)} pp`,
      },
      {
        what: `${level}: wins against perfect, ${stones} stones (${m.games} games)`,
        value: `${((100 * m.wins) / m.games).toFixed(1)}% (${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)})`,
      },
    ];
  });
}

export async function urPerfectSection(quick: boolean): Promise<Section> {
  const figures: Figure[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'madang-bench-ur-'));
  try {
    for (const stones of quick ? [2, 3] : [2, 3, 4]) {
      const rules = setup({ stones }).rules;
      const started = performance.now();
      const result = await solveUr({ rules, stones, dataDir: dir, threads: 1 });
      const seconds = (performance.now() - started) / 1000;
      if (result.status !== 'built') throw new Error(`the ${stones}-stone solve: ${result.status}`);
      figures.push({
        what: `solve ${stones} stones (${fmt(result.positions)} positions, one thread)`,
        value: `${seconds.toFixed(1)} s`,
        target: stones === 4 ? 'minutes' : 'seconds',
      });
      figures.push({
        what: `  first player's chance with perfect play, ${stones} stones`,
        value: `${(100 * result.start).toFixed(2)}%`,
      });
    }
    readTablesFrom(dir);
    const three = tableFor(setup({ stones: 3 }).rules);
    if (!three) throw new Error('the three-stone table did not load');
    figures.push(...levelFigures(three, 3, quick ? 10 : 400));
    readTablesFrom(dataDirectory());
    const seven = tableFor(setup().rules);
    if (seven) figures.push(...levelFigures(seven, 7, quick ? 4 : 200));
    else
      figures.push({
        what: '7 stones: no table in the data directory (madang ur solve --stones 7)',
        value: '–',
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { title: 'Royal Game of Ur solved: levels against the perfect one', figures };
}
