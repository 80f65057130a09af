/**
 * Layers in a real terminal with ten players, nine of them people at one keyboard and one the
 * computer: the setup, the round's order drawn, the forest with the player to act and those it
 * may fight, the cursor on an opponent with its status and odds, Tab to the next, a fight with
 * its intervals drawn as a bar and the number on it; and the help page with the rules.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

describe.runIf(hasTmux)('Layers in a real terminal', () => {
  it('ten players: the forest, the order, a fight chosen in the forest, its odds, bar and outcome', async () => {
    // People in seats 0–8 (the fight shown is then the person's own until they act again).
    terminal = new Terminal(`node ${CLI} layers --seed 3 --bots 10 --bot-delay 0 --no-record`);
    const setup = await terminal.waitFor('Start the game');
    expect(setup).toMatch(/Players\s+10/);
    expect(setup).toMatch(/People at the keyboard\s+9/);
    await terminal.keys('Enter');
    const turn = await terminal.waitFor(/Player \d+ to choose: fight or rest/);
    const me = /Player (\d+) to choose/.exec(turn)?.[1] as string;
    // The order with the player's place in brackets; the player in the forest, its opponents •.
    expect(turn).toMatch(new RegExp(`Order: [\\d ]*\\[${me}\\]`));
    // A person's seat is marked *.
    expect(turn).toMatch(new RegExp(`▶ *${me}\\* L\\d+ \\d+`));
    expect(turn).toMatch(/◆\d+\*? L\d+ \d+ •/);
    // Ten players, counted from 1 on screen: player 10 is in the forest, and no player 0.
    expect(turn).toMatch(/[◆▶ ─]10\*? L\d+ \d+/);
    expect(turn).not.toMatch(/[◆▶ ─]0\*? L\d+ \d+/);
    // The cursor is on an opponent: its status and the odds of fighting it.
    const odds = /Enter: (\d+) · win \d+% lose \d+% draw \d+%/.exec(turn);
    expect(odds).not.toBeNull();
    expect(turn).toContain(`Player ${odds?.[1]}: L`);
    // Beside it, the chances of the fight back after a draw, seen from the player's side (the
    // opponent a person here: it may).
    expect(turn).toMatch(new RegExp(`draw → ${odds?.[1]} may fight back: win \\d+% lose \\d+%`));
    // Looking is free: the cursor moves, nothing is played; Tab goes to an opponent again.
    await terminal.keys('Up');
    await terminal.keys('Tab');
    await terminal.keys('Enter');
    // The fight panel shows this fight (or, after a draw, the fight back against the player).
    const ours = new RegExp(`│ (${me} vs \\d+|\\d+ vs ${me} \\(fought back\\)): win`);
    const fought = await terminal.waitFor(ours);
    expect(fought).toMatch(/: win \d+ · lose \d+ · draw \d+/);
    expect(fought).toMatch(/▼\d+/);
    expect(fought).toMatch(/Random number is \d+, (win|lose|draw)!/);
    await terminal.keys('?');
    expect(await terminal.waitFor('Layers · help')).toContain('A game for ten or more players');
  });
});
