/**
 * The built program serving, stopped with SIGTERM and started again on the same data directory:
 * a table reopened tells its earlier moves again in a player's log (Dan makes a Yut table and
 * Eve joins it, ssh2 clients; Dan throws and moves).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectPlayer } from '../../bench/ssh-client.js';
import { danAndEve, playMoves, tracked } from '../support/served.js';

const { served, player, keep } = tracked();

describe('madang serve stopped with SIGTERM', () => {
  it('reopens its table, whose log tells the moves made before', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-restart-'));
    const first = await served(data);
    const { dan, eve, code } = await danAndEve(player, first.port);
    await playMoves(data, [dan, eve], 1);
    const before = await eve.player.waitFor(/Dan moved [^\n│]*\./);
    const threw = /Dan threw \S+\./.exec(before)?.[0] as string;
    const moved = /Dan moved [^\n│]*\./.exec(before)?.[0] as string;
    expect(threw).toBeDefined();
    await first.kill('SIGTERM');

    const second = await served(data);
    expect(second.printed()).toContain(`table ${code} (Yut Nori) reopened from`);
    const back = keep(await connectPlayer({ port: second.port, key: dan.key }));
    // Every frame drawn on this connection: its first table's frame has them in this order.
    const seen = await back.waitFor('Restarted: moves in the recording, chat lost.');
    expect(seen).toContain(threw);
    expect(seen).toContain(moved);
    expect(seen.indexOf(threw)).toBeLessThan(seen.indexOf(moved));
    expect(seen.indexOf(moved)).toBeLessThan(seen.indexOf('The game goes on where it was left'));
  }, 120_000);
});
