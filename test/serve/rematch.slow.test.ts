/**
 * A rematch in one key, with real clients: the built program serves, Dan makes a Yut table of
 * two with one piece each (a short game) and Eve joins it by its code (ssh2 clients). They play
 * it to its end; Dan presses w, Eve's screen offers the rematch and she presses w too: both are
 * at a new table, the seats turned (Eve first to throw), without going through the lobby.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playUntil, tracked } from '../support/served.js';

const { served, player } = tracked();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OVER = 'back to the lobby';

describe('a rematch at a served table', () => {
  it('both press w at the end: the same two at a new table, the seats turned', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-rematch-'));
    const server = await served(data);
    const dan = await player(server.port, 'Dan');
    await dan.player.waitFor('you are Dan');
    // Yut of two, one piece each: Players, then Pieces each (1), then up to Start.
    dan.player.write('n');
    await dan.player.waitFor('which game?');
    dan.player.write('\r');
    await dan.player.waitFor('Start the game');
    for (const key of ['\x1b[B', '1', '\x1b[A', '\x1b[A', '\r']) {
      dan.player.write(key);
      await pause(200);
    }
    const waiting = await dan.player.waitFor(/table (\w{4}) · waiting for players/);
    const code = /table (\w{4}) · waiting for players/.exec(waiting)?.[1] as string;
    const eve = await player(server.port, 'Eve', code);
    await eve.player.waitFor('▶ R Dan to throw');
    await dan.player.waitFor('you are Dan, seat 1');
    await eve.player.waitFor('you are Eve, seat 2');
    const players = [dan, eve];
    await playUntil(
      players,
      () => players.every(({ player }) => player.text().includes(OVER)),
      90_000,
      () => "the game's end",
    );
    await dan.player.waitFor('w rematch');

    dan.player.mark();
    eve.player.mark();
    dan.player.write('w');
    await eve.player.waitFor('rematch asked: w agree');
    await dan.player.waitFor('rematch: waiting for Eve');
    eve.player.write('w');
    const eveSees = await eve.player.waitFor('you are Eve, seat 1');
    const danSees = await dan.player.waitFor('you are Dan, seat 2');
    const again = /table (\w{4}) · /.exec(
      eveSees.slice(eveSees.lastIndexOf('you are Eve') - 200),
    )?.[1];
    expect(again).toBeDefined();
    expect(again).not.toBe(code);
    expect(danSees).toContain(`table ${again as string}`);
    await eve.player.waitFor('▶ R Eve to throw');
    await dan.player.waitFor('▶ R Eve to throw');
  }, 180_000);
});
