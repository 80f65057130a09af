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

/** A server and one player in its lobby (no table: nothing on the screen moves by itself). */
async function inLobby(): Promise<{ player: Player; pieces: string[] }> {
  running = await serveHere({}, false, () => 'ab23');
  const player = await connectPlayer({ port: running.port, key: newKey() });
  players.push(player);
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

  it("no frame erases the client's saved lines (ESC[3J): a whole frame clears the screen and homes", async () => {
    const { player, pieces } = await inLobby();
    player.write('n');
    await player.waitFor('which game?');
    player.write('\x1b');
    await player.waitFor('No tables yet');
    while ((await player.nextFrame(300)) !== undefined);
    const sent = pieces.join('');
    // Every frame Ink draws whole (the welcome, the lobby, the form) begins with a clear; its
    // ESC[3J emptied the history of the client's terminal above the session.
    expect(sent.split(`${BEGIN}\x1b[2J`).length - 1).toBeGreaterThanOrEqual(3);
    expect(sent.split('\x1b[3J').length - 1).toBe(0);
    expect(sent.split(`${BEGIN}\x1b[2J\x1b[H`).length).toBe(sent.split(`${BEGIN}\x1b[2J`).length);
  });

  it('a frame drawn again as it was is not sent again; after a resize it is', async () => {
    const { player } = await inLobby();
    const before = player.bytes();
    // The lobby redraws every five seconds (its clocks); with no table nothing on it changed.
    await sleep(5600);
    expect(player.bytes()).toBe(before);
    player.mark();
    player.channel.setWindow(30, 100, 0, 0);
    await player.waitFor('No tables yet', 3000);
  });
});
