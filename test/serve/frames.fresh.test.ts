/**
 * How madang serve sends its frames (ssh2's client on 127.0.0.1): each frame Ink draws comes
 * as one piece, synchronized output begun to ended, not as three SSH packets; and a frame drawn
 * again just as it was (Ink redraws the full screen on every change of its tree, the lobby's
 * clocks every five seconds) is not sent again, until the client's window changes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import type { Running } from '../../source/serve/server.js';
import { serveHere } from '../support/serve.js';

// As in abuse.fresh.test.ts: Ink must not take this process for CI (no frame until the end).
vi.hoisted(() => {
  process.env.CI = 'false';
  delete process.env.CONTINUOUS_INTEGRATION;
});

const BEGIN = '\x1b[?2026h';
const END = '\x1b[?2026l';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let running: Running | undefined;
const players: Player[] = [];
afterEach(async () => {
  for (const player of players.splice(0)) player.end();
  await running?.close();
  running = undefined;
});

/**
 * A server and one player in its lobby (no table: nothing on the screen moves by itself); `all`
 * gets every piece from the first.
 */
async function inLobby(all: string[] = []): Promise<{ player: Player; pieces: string[] }> {
  running = await serveHere({}, false, () => 'ab23');
  const player = await connectPlayer({ port: running.port, key: newKey() });
  players.push(player);
  player.channel.on('data', (data: Buffer) => all.push(data.toString('latin1')));
  const pieces: string[] = [];
  player.channel.on('data', (data: Buffer) => pieces.push(data.toString('utf8')));
  await player.waitFor('Welcome to madang');
  player.write('Ann\r');
  await player.waitFor('you are Ann');
  // The lobby drawn and settled.
  while ((await player.nextFrame(300)) !== undefined);
  return { player, pieces };
}

describe('the frames madang serve sends', () => {
  it('a frame comes as one piece, from synchronized output begun to ended', async () => {
    const { player, pieces } = await inLobby();
    pieces.length = 0;
    player.write('n');
    await player.waitFor('which game?');
    player.write('\x1b');
    await player.waitFor('No tables yet');
    while ((await player.nextFrame(300)) !== undefined);
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    // Never the begin or the end alone (SSH may still cut a frame where the client's window ends).
    expect(pieces).not.toContain(BEGIN);
    expect(pieces).not.toContain(END);
    expect(pieces.join('').startsWith(BEGIN)).toBe(true);
    expect(pieces.join('').endsWith(END)).toBe(true);
  });

  it("a session (lobby, a new table, back) never erases the client's history: no ESC[3J", async () => {
    const all: string[] = [];
    const { player } = await inLobby(all);
    player.write('n');
    await player.waitFor('which game?');
    player.write('\r');
    await player.waitFor('Start the game');
    player.write('\x1b[A\r');
    await player.waitFor(/table \w{4} · waiting/);
    // Back to the lobby (the table is left).
    player.mark();
    player.write('\x1b');
    await player.waitFor('q leave');
    const raw = all.join('');
    expect(raw).toContain('waiting');
    expect(raw.split('\x1b[3J').length - 1, 'ESC[3J in what the server sent').toBe(0);
  });

  it('a frame drawn again as it was is not sent again; after a resize it is', async () => {
    const { player } = await inLobby();
    const before = player.bytes();
    // The lobby redraws every five seconds (its clocks); with no table nothing on it changed.
    await sleep(5600);
    expect(player.bytes()).toBe(before);
    player.mark();
    // A window of another size (Ink 8 sends nothing for a change to the same size: its frame,
    // unchanged, is still on the client's screen).
    player.channel.setWindow(34, 110, 0, 0);
    await player.waitFor('No tables yet', 3000);
  });

  it('a key that changes one line of the lobby sends that line, not the whole frame', async () => {
    const { player } = await inLobby();
    player.write('c');
    await player.waitFor('Table code:');
    while ((await player.nextFrame(300)) !== undefined);
    const before = player.bytes();
    player.write('x');
    await player.waitFor('Table code: x');
    while ((await player.nextFrame(300)) !== undefined);
    expect(player.bytes() - before, 'bytes sent for the key').toBeLessThanOrEqual(200);
    expect(player.screen()).toContain('No tables yet');
  });
});
