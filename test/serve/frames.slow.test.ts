/**
 * What a game costs each client in bytes: the built program serves, Dan and Eve (ssh2 clients at
 * 80×24) play Yut, and each key sends each of them only what changed on their screen, a few
 * hundred bytes, not the whole frame again (3–4 KB). What the changes built on each client's
 * screen is what a whole frame shows: after a resize and back, the screen drawn whole is the same.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectPlayer, newKey, turn } from '../../bench/ssh-client.js';
import { makeYutTable, tracked } from '../support/served.js';

const { served, keep } = tracked();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a served game at 80×24', () => {
  it('sends each player at most 600 bytes a key, and their screens are the frames', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-frames-'));
    const { port } = await served(data);
    const at = async (name: string, user?: string) => {
      const player = keep(
        await connectPlayer({ port, key: newKey(), user, columns: 80, rows: 24 }),
      );
      await player.waitFor('Welcome to madang');
      player.write(`${name}\r`);
      return { player, name };
    };
    const dan = await at('Dan');
    await dan.player.waitFor('you are Dan');
    const code = await makeYutTable(dan.player);
    const eve = await at('Eve', code);
    await eve.player.waitFor('▶ R Dan to throw');
    const both = [dan, eve];
    const settle = async () => {
      for (const { player } of both) while ((await player.nextFrame(400)) !== undefined);
    };
    await settle();
    const before = dan.player.bytes() + eve.player.bytes();
    let keys = 0;
    const end = Date.now() + 60_000;
    while (keys < 30 && Date.now() < end) {
      const acting = both.find(({ player, name }) => turn(player.screen())?.name === name);
      if (!acting) {
        await sleep(50);
        continue;
      }
      const frame = acting.player.nextFrame(5000);
      acting.player.write(turn(acting.player.screen())?.due === 'throw' ? ' ' : '\r');
      expect(await frame, `a frame for key ${keys + 1}`).toBeDefined();
      keys++;
      await settle();
    }
    expect(keys).toBe(30);
    const perKey = (dan.player.bytes() + eve.player.bytes() - before) / keys / 2;
    expect(perKey, 'bytes a key, a connection').toBeLessThanOrEqual(600);
    for (const { player } of both) {
      const shown = player.screen();
      expect(shown).toContain('Dan');
      player.resize(80, 30);
      await player.nextFrame(5000);
      await settle();
      expect(player.screen()).not.toBe(shown);
      player.resize(80, 24);
      await player.nextFrame(5000);
      await settle();
      expect(player.screen()).toBe(shown);
    }
  }, 180_000);
});
