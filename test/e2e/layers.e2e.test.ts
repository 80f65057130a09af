/**
 * Layers in a real terminal with ten players: the setup, the computers playing until player 0's
 * turn, the forest and the round's order drawn, the cursor on an opponent with its status and
 * odds, Tab to the next, a fight with its intervals drawn as a bar and the number on it; and the
 * help page with the rules.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

describe.runIf(hasTmux)('Layers in a real terminal', () => {
  it('ten players: the forest, the order, a fight chosen in the forest, its odds, bar and outcome', async () => {
    terminal = new Terminal(`node ${CLI} layers --seed 3 --bot-delay 0 --no-record`);
    const setup = await terminal.waitFor('Start the game');
    expect(setup).toMatch(/Players\s+10/);
    expect(setup).toMatch(/People at the keyboard\s+1 \(from player 0\)/);
    await terminal.keys('Enter');
    const turn = await terminal.waitFor('Player 0 to choose');
    // The order with player 0's place in brackets; player 0 in the forest, its opponents marked.
    expect(turn).toMatch(/Order: [\d ]*\[0\]/);
    expect(turn).toMatch(/▶ *0 L\d+ \d+/);
    expect(turn).toMatch(/◆\d+ L\d+ \d+ •/);
    // The cursor is on an opponent: its status and the odds of fighting it.
    const odds = /Enter: fight (\d+) · win \d+% lose \d+% draw \d+%/.exec(turn);
    expect(odds).not.toBeNull();
    expect(turn).toContain(`Player ${odds?.[1]}: L`);
    // Looking is free: the cursor moves, nothing is played.
    await terminal.keys('Up');
    await terminal.keys('Tab');
    await terminal.keys('Enter');
    const fought = await terminal.waitFor('Random number is');
    expect(fought).toMatch(/\d+ vs \d+: win \d+ · lose \d+ · draw \d+/);
    expect(fought).toMatch(/▼\d+/);
    expect(fought).toMatch(/Random number is \d+, (win|lose|draw)!/);
    await terminal.keys('?');
    expect(await terminal.waitFor('Layers · help')).toContain('A game for ten or more players');
  });
});
