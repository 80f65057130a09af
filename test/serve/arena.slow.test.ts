/**
 * An arena with real clients: the built program serves, Dan opens a Yut arena from the lobby and
 * Eve joins it (ssh2 clients); both are taken to their new rated table at once, play it to its
 * end, and the result reaches the arena through the server's finished hook: Cy, who only looks,
 * sees the standings with the game counted (the winner 2, the loser 0).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playUntil, tracked } from '../support/served.js';

const { served, player } = tracked();
const OVER = 'back to the lobby';

describe('an arena on the served program', () => {
  it('Dan opens a Yut arena, Eve joins: seated at once, their game counted in the standings', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-arena-'));
    const server = await served(data);
    const dan = await player(server.port, 'Dan');
    await dan.player.waitFor('a arenas');
    dan.player.write('a');
    await dan.player.waitFor('No arenas yet');
    dan.player.write('n');
    await dan.player.waitFor('A new arena');
    // Yut, the first of the games of two; thirty minutes.
    dan.player.write('\r');
    await dan.player.waitFor('Arena · Yut Nori · 30 min left');
    const eve = await player(server.port, 'Eve');
    await eve.player.waitFor('a arenas');
    eve.player.write('a');
    await eve.player.waitFor('▸ Yut Nori');
    eve.player.write('\r');
    await eve.player.waitFor('j joins');
    eve.player.write('j');
    await dan.player.waitFor(/you are Dan, seat \d/);
    await eve.player.waitFor(/you are Eve, seat \d/);
    const players = [dan, eve];
    await playUntil(
      players,
      () => players.every(({ player }) => player.text().includes(OVER)),
      240_000,
      () => "the game's end",
    );
    const cy = await player(server.port, 'Cy');
    await cy.player.waitFor('a arenas');
    cy.player.write('a');
    await cy.player.waitFor('▸ Yut Nori');
    cy.player.write('\r');
    const page = await cy.player.waitFor(/1 {2}(Dan|Eve) +2 +1 +1/);
    expect(page).toMatch(/2 {2}(Dan|Eve) +0 +1 +0/);
  }, 300_000);
});
