/**
 * Where the computer levels settle (issue 43.1: each level its own rated identity per game):
 * each game's levels play one another round robin, seats alternating, every game folded into
 * the ratings as a served one would be. The strongest level must end first; the figures are
 * printed for the docs (docs/serve.md, "Ratings"): MADANG_LEVEL_GAMES=30 MADANG_LEVEL_ONLY=kono
 * for more games, or Kono's.
 */
import { describe, expect, it } from 'vitest';
import { selfPlay } from '../../source/analysis/self-play.js';
import type { Level } from '../../source/engine/bots.js';
import { CORES } from '../../source/games/cores.js';
import { BASE_LEVELS } from '../../source/engine/seats.js';
import { stateOn } from '../../source/engine/timeline.js';
import {
  computerId,
  fold,
  leaderboard,
  type RatedGame,
  ratingWords,
} from '../../source/ratings/rating.js';
import { ranksOf, type Standing } from '../../source/ratings/ranking.js';

const GAMES_A_PAIR = Number(process.env.MADANG_LEVEL_GAMES ?? 4);
/** Kono's strong computer searches for seconds a move: its games only when asked for by name. */
const ONLY = (process.env.MADANG_LEVEL_ONLY ?? 'yut,ur,yote,layers').split(',');

describe('the computer levels, rated by self-play', () => {
  for (const core of CORES.filter((c) => ONLY.includes(c.rules.name))) {
    it(
      `${core.rules.name}: the strongest level ends first, random never`,
      { timeout: 600_000 },
      () => {
        const levels = (core.levels ?? BASE_LEVELS).filter((l) => l !== 'perfect');
        const games: RatedGame[] = [];
        let n = 0;
        const seatsOf = core.seatCount(core.typicalOptions as never);
        for (const [i, a] of levels.entries())
          for (const b of levels.slice(i + 1))
            for (let g = 0; g < GAMES_A_PAIR; g++) {
              // Two levels share a table: seats alternate between them (Layers' ten, Yut's four).
              const seated: Level[] = Array.from({ length: seatsOf }, (_, s) =>
                (s + g) % 2 === 0 ? a : b,
              );
              const played = selfPlay(core, seated, 1000 + n, core.typicalOptions, 20_000);
              const { timeline } = played;
              const state = stateOn(core.rules, timeline, timeline.events.length);
              const outcome = core.rules.outcome(state);
              const ranks = ranksOf(core.standing as Standing | undefined, seatsOf, state, outcome);
              n++;
              if (!ranks) continue;
              // One identity a level: the seats of one level are one team's worth of results, so
              // only its best-placed seat stands for it.
              const best = new Map<Level, number>();
              seated.forEach((level, s) =>
                best.set(level, Math.min(best.get(level) ?? Infinity, ranks[s] as number)),
              );
              const ids = [...best.keys()];
              games.push({
                key: `${core.rules.name}/${n}`,
                game: core.rules.name,
                startedAt: String(n).padStart(6, '0'),
                table: 'self-play',
                players: ids.map((l) => ({ id: computerId(l), name: l })),
                ranks: ids.map((l) => best.get(l) as number),
              });
            }
        const board = leaderboard(fold(games).get(core.rules.name));
        console.log(
          `${core.rules.name} (${games.length} games): ${board.map((s) => `${s.name} ${ratingWords(s)} (${s.games} games, ${s.wins}/${s.losses}/${s.draws})`).join(', ')}`,
        );
        // Layers is mostly luck: greedy may end below random there (see docs/serve.md, Ratings).
        expect([computerId('strong'), computerId('expert')]).toContain(board[0]?.id);
        expect(board[0]?.id).not.toBe(computerId('random'));
      },
    );
  }
});
