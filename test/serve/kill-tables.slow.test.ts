/**
 * A served table survives kill -9 however little happened at it: the built program serves, Dan
 * makes a Yut table and Eve joins it by its code (ssh2 clients), they play, and the server is
 * killed with SIGKILL after the first move, or after the tenth. Started again on the same data
 * directory it reopens the table with every move of its recording, and the lobby lists it.
 * (The recording is made at the first move, and the hall's file was written only when the hall
 * was told of a change, which a move is not: tables.json stayed `{"tables":[]}`.)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectPlayer } from '../../bench/ssh-client.js';
import { loadRecording } from '../../source/storage/load.js';
import { lookup } from '../support/games.js';
import { danAndEve, movesIn, playMoves, recordingOf, tracked } from '../support/served.js';

const { served, player, keep } = tracked();

describe('a served table killed with SIGKILL', () => {
  it.each([1, 10])(
    'comes back after kill -9 at its move %i, with every move',
    async (moves) => {
      const data = mkdtempSync(join(tmpdir(), 'madang-kill-tables-'));
      const first = await served(data);
      const { dan, eve, code } = await danAndEve(player, first.port);
      const made = await playMoves(data, [dan, eve], moves);
      const file = recordingOf(data) as string;
      await first.kill('SIGKILL');
      const tables = readFileSync(join(data, 'server', 'tables.json'), 'utf8');
      expect(JSON.parse(tables).tables.map((t: { code: string }) => t.code)).toEqual([code]);

      const second = await served(data);
      expect(second.printed()).toContain(`table ${code} (Yut Nori) reopened from ${file}`);
      // Dan goes straight back to his seat, and every move is there.
      const back = keep(await connectPlayer({ port: second.port, key: dan.key }));
      await back.waitFor('The game goes on where it was left');
      const loaded = await loadRecording(file, lookup);
      expect(loaded.ok && loaded.finished).toBe(false);
      expect(movesIn(file)).toBe(made);
      // A newcomer's lobby lists the table.
      const fay = await player(second.port, 'Fay');
      await fay.player.waitFor('you are Fay');
      await fay.player.waitFor(`${code} Yut Nori`);
    },
    120_000,
  );
});
