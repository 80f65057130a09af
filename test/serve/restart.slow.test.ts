/**
 * The built program serving, stopped with SIGTERM and started again on the same data directory.
 * What it printed holds no escape sequence: Ink hid the cursor on each connection's stream, and
 * the package doing it (cli-cursor, through restore-cursor) showed it again on the server's own
 * stderr at exit. And a table reopened tells its earlier moves again in a player's log (Dan makes
 * a Yut table and Eve joins it, ssh2 clients; Dan throws and moves).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectPlayer } from '../../bench/ssh-client.js';
import { danAndEve, playMoves, tracked } from '../support/served.js';
import { Terminal } from '../support/tmux.js';

const { served, player, keep } = tracked();
const terminals: Terminal[] = [];
afterEach(() => {
  for (const terminal of terminals.splice(0)) terminal.close();
});

describe('madang serve stopped with SIGTERM', () => {
  it('prints no escape sequence after a person had a screen', async () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-restart-'));
    const first = await served(data);
    // OpenSSH in tmux, as a person has it, at the welcome of a new key.
    const key = join(data, 'newcomer');
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'newcomer', '-f', key]);
    const newcomer = new Terminal(
      `ssh -t -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o BatchMode=yes -o LogLevel=ERROR -i ${key} -p ${first.port} madang@127.0.0.1`,
    );
    terminals.push(newcomer);
    await newcomer.waitFor('Welcome to madang', 15_000);
    await first.kill('SIGTERM');
    expect(first.printed()).toContain('SIGTERM, stopping');
    expect(JSON.stringify(first.printed())).not.toMatch(/\\u001b/);
  }, 60_000);

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
