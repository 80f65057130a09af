/**
 * The serve bench plays what it measures: at a Layers table of twenty (p0 to p19, ssh2 clients
 * of the built server) each move is pressed by the one whose turn it is and seen on its screen,
 * a whole round through (p1 is not taken for p12); a key that moves nothing fails the bench with
 * the screen, never a figure of ∞. And at a table of two, the players play the keys asked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layersMove, layersTurnOf, makeLayersTable, pressAndSee } from '../../bench/serve.js';
import { playFor } from '../../bench/ssh-client.js';
import { danAndEve, tracked } from '../support/served.js';

const { served, player, keep } = tracked();

describe('the serve bench', () => {
  it('plays a whole round of a Layers table of twenty, each move seen by the one who moved', async () => {
    const { port } = await served(mkdtempSync(join(tmpdir(), 'madang-bench-layers-')));
    const people = await makeLayersTable(port, 20, 60_000);
    for (const { player: one } of people) keep(one);
    const p0 = people[0]?.player;
    expect(p0?.screen()).toMatch(/Round 1 · turn 1\/20/);
    let moves = 0;
    while (!/Round 2 · turn/.test(p0?.screen() ?? '')) {
      const ms = await layersMove(people, 30_000);
      expect(ms, `move ${moves + 1}: key → frame`).toBeLessThan(30_000);
      moves++;
      // Twenty turns and their draws' answers.
      expect(moves, p0?.screen()).toBeLessThanOrEqual(40);
      // p0 sees each move too before the next.
      await p0?.waitFor(/Round \d+ · turn/, 30_000);
    }
    expect(moves).toBeGreaterThanOrEqual(20);
    // A key of one whose turn it is not moves nothing: the bench stops and says so.
    // Once its screen is still (the new round's order drawn, a turn shown, nothing more coming).
    const acting = layersTurnOf(p0?.screen() ?? '')?.name;
    const idle = people.find(({ name }) => name !== acting && name !== 'p0');
    expect(idle).toBeDefined();
    // Its screen as it stands, not the frames after a mark: the new round may be drawn whole
    // already, and nothing more come (CI under load: the wait after a mark ran out at 30 s).
    const end = Date.now() + 30_000;
    while (!layersTurnOf(idle!.player.screen())) {
      expect(Date.now(), idle!.player.screen()).toBeLessThan(end);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(layersTurnOf(idle!.player.screen()), idle!.player.screen()).toBeDefined();
    await expect(pressAndSee(idle!, 'r', 3000)).rejects.toThrow(/moved nothing in 3000 ms/);
  }, 300_000);

  it('at a table of two, plays as many keys as asked', async () => {
    const { port } = await served(mkdtempSync(join(tmpdir(), 'madang-bench-two-')));
    const { dan, eve } = await danAndEve(player, port);
    const latencies = await playFor([dan, eve], 10_000, { keys: 12, think: 100 });
    expect(latencies.length).toBeGreaterThanOrEqual(12);
    expect(latencies.filter((ms) => ms === Number.POSITIVE_INFINITY)).toEqual([]);
  }, 60_000);

  it('at a table of two, stops at the end of its game however many keys were asked', async () => {
    const { port } = await served(mkdtempSync(join(tmpdir(), 'madang-bench-end-')));
    const { dan, eve } = await danAndEve(player, port);
    const started = Date.now();
    const latencies = await playFor([dan, eve], 170_000, { keys: 10_000, think: 20 });
    expect(dan.player.screen()).toMatch(/★ .* wins/);
    expect(latencies.length).toBeGreaterThan(10);
    // Not the 170 s asked: the idle server's CPU after the game is not counted as the keys'.
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 180_000);
});
