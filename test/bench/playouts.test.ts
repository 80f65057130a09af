/**
 * The bench's random playouts play whole games (issue 46, 6): a playout that picked any legal
 * event picked Kono's quit as often as a move, and ended every round after a few moves.
 */
import { describe, expect, it } from 'vitest';
import { playout } from '../../bench/games.js';
import type { KonoState } from '../../source/games/kono/rules.js';
import { GAMES } from '../../source/games/index.js';

describe('the bench’s random playouts', () => {
  it('Kono: each round is played to its end by the board, not quit', () => {
    const kono = GAMES.find((g) => g.id === 'kono');
    expect(kono).toBeDefined();
    const endings: string[] = [];
    let events = 0;
    for (let seed = 0; seed < 20; seed++) {
      const played = playout(kono!, seed);
      events += played.events;
      const state = played.state as KonoState;
      expect(state.phase).toBe('over');
      endings.push(state.results.at(-1)?.ending ?? 'none');
    }
    expect(endings).not.toContain('quit');
    // A round on 5 × 5 of random moves lasts dozens of moves (quitting, about eight).
    expect(events / 20).toBeGreaterThan(30);
  });

  it('every game’s playout reaches the game’s end', () => {
    for (const module of GAMES) {
      const played = playout(module, 1);
      expect(module.rules.outcome(played.state).status, module.id).not.toBe('running');
    }
  });
});
