/**
 * Names that say what a thing is (issue 42, 6): "chance" is for dice (engine/chance.ts), a game's
 * win probabilities are its win chances; "table" is the table that holds a game (table/table.ts),
 * Ur's solved file is its solved table; a shim that only passes a name on is gone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../source/games/cores.js';

const SOURCE = fileURLToPath(new URL('../source/', import.meta.url));

describe('names that say what a thing is', () => {
  it("a game's win chances are in win-chances.ts, not chances.ts", () => {
    const wrong = GAME_IDS.filter((id) => existsSync(join(SOURCE, 'games', id, 'chances.ts')));
    expect(wrong).toEqual([]);
    const withChances = GAME_IDS.filter((id) =>
      existsSync(join(SOURCE, 'games', id, 'win-chances.ts')),
    );
    expect(withChances).toEqual(GAME_IDS);
  });

  it("Ur's solved table is named so, not table.ts beside the table that holds a game", () => {
    expect(existsSync(join(SOURCE, 'games/ur/table.ts'))).toBe(false);
    expect(existsSync(join(SOURCE, 'games/ur/solved-table.ts'))).toBe(true);
  });

  it('no shim that only passes names on: ui/take-back.ts and app/session.ts are gone', () => {
    expect(existsSync(join(SOURCE, 'ui/take-back.ts'))).toBe(false);
    expect(existsSync(join(SOURCE, 'app/session.ts'))).toBe(false);
    // Session, Past and the table's game are named where they are made, not again for the screens.
    const screens = readFileSync(join(SOURCE, 'ui/play-session.ts'), 'utf8');
    expect(screens).not.toMatch(/export type \{ Past, Session \}|PlayKnowledge/);
  });

  it("Ur's seat colours are written once (ui/seat-colour.ts), not `c === 0 ? 3 : 1` in every view", () => {
    const dir = join(SOURCE, 'games/ur/ui');
    const written = readdirSync(dir).filter((file) =>
      /=== 0 \? 3 : 1/.test(readFileSync(join(dir, file), 'utf8')),
    );
    expect(written).toEqual(['seat-colour.ts']);
  });
});
