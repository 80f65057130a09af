/**
 * No bytes a client types end `madang serve` (the built program, ssh2's client on 127.0.0.1):
 * `ESC [ 8 m`, `ESC[5m`, `ESC[5x`, `ESC[6q` (which threw in Ink 6.8's keypress parser and ended
 * the server, dropping every table), every CSI final byte, random bytes, each whole and cut
 * across writes, on the page for a client without a key, at the name prompt, in the lobby and at
 * a running table. After all of it the server still runs, and the seated players play on.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, newKey, type Player } from '../../bench/ssh-client.js';
import { CLI } from '../support/tmux.js';

const data = mkdtempSync(join(tmpdir(), 'madang-hostile-keys-'));
let server: ChildProcess | undefined;
let port = 0;
let printed = '';
let exited: number | null | undefined;
const players: Player[] = [];

const NAMED = ['\x1b[8m', '\x1b[5m', '\x1b[5x', '\x1b[6q'];
/** Every final byte of a CSI sequence (0x40–0x7e), with no parameter and with one. */
const EVERY_FINAL = ['', '8', '1;5'].flatMap((params) =>
  Array.from({ length: 0x7f - 0x40 }, (_, n) => `\x1b[${params}${String.fromCharCode(0x40 + n)}`),
);
/** Sequences that are no key of the screen they are typed at (not a cursor key, not Tab). */
const harmless = (typed: string) => !/^\x1b\[[0-9;]*[ABCDHFZ]$/.test(typed);

beforeAll(async () => {
  server = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data-dir', data, '--seed', '382', '--bot-delay', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.on('exit', (code) => (exited = code));
  const end = Date.now() + 15_000;
  while (!/listening on 127\.0\.0\.1:(\d+)/.test(printed) && Date.now() < end)
    await new Promise((resolve) => setTimeout(resolve, 50));
  port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(printed)?.[1]);
  if (!port) throw new Error(`madang serve did not start: ${printed}`);
});

/** What was typed, and how often the server was found gone after it (printed at the end). */
const counts = { tries: 0, failures: 0 };
afterAll(() => {
  console.log(
    `attacks: typed sequences over SSH: ${counts.tries} tries, ${counts.failures} failures`,
  );
  for (const player of players) player.end();
  server?.kill('SIGTERM');
});

async function player(options: { key?: string; user?: string } = {}): Promise<Player> {
  const joined = await connectPlayer({ port, ...options });
  players.push(joined);
  return joined;
}

/**
 * Types each sequence whole and, with `cut`, cut in three. A sequence cut by a pause is read as
 * its pieces (as a person typing ESC, then [ 8 m), so its last letters may be keys: cut only
 * where letters do nothing but fill a field.
 */
async function typeAll(who: Player, sequences: readonly string[], cut = false) {
  for (const typed of sequences) {
    counts.tries++;
    who.write(typed);
    if (!cut) continue;
    who.write(typed.slice(0, 2));
    who.write(typed.slice(2, -1));
    who.write(typed.slice(-1));
  }
  // The server takes 512 bytes a second of keys from a connection and cuts the rest (LIMITS):
  // a pause, so that the keys typed next are within the allowance again.
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

function stillRunning() {
  if (exited !== undefined) counts.failures++;
  expect(exited, `madang serve exited; it printed:\n${printed}`).toBeUndefined();
}

describe('hostile keys over SSH', () => {
  it('the page for a client without a key, the name prompt and the lobby take them all', async () => {
    const keyless = await player();
    await keyless.waitFor(/SSH key/);
    await typeAll(keyless, [...NAMED, ...EVERY_FINAL], true);
    stillRunning();

    const ann = await player({ key: newKey() });
    await ann.waitFor('Welcome to madang');
    await typeAll(ann, [...NAMED, ...EVERY_FINAL].filter(harmless), true);
    stillRunning();
    // What the cut sequences typed into the name field, erased.
    ann.write('\x7f'.repeat(40));
    ann.write('Ann\r');
    await ann.waitFor('you are Ann');
    await typeAll(ann, [...NAMED, ...EVERY_FINAL].filter(harmless));
    stillRunning();
    ann.mark();
    ann.write('n');
    await ann.waitFor('which game?');
  });

  it('at a running table: a player types them all, random bytes too, and both play on', async () => {
    const cy = await player({ key: newKey() });
    await cy.waitFor('Welcome to madang');
    cy.write('Cy\r');
    await cy.waitFor('you are Cy');
    cy.write('n');
    await cy.waitFor('which game?');
    cy.write('\r');
    await cy.waitFor('Start the game');
    cy.write('\x1b[A');
    cy.write('\r');
    const waiting = await cy.waitFor(/table (\w{4}) · waiting for players/);
    const code = /table (\w{4}) · waiting/.exec(waiting)?.[1] as string;
    const di = await player({ key: newKey(), user: code });
    await di.waitFor('Welcome to madang');
    di.write('Di\r');
    await di.waitFor('Cy to throw');

    // Di, not to move, types every sequence and random bytes: no letters (q, then y, would leave
    // the table) and no Ctrl+C.
    await typeAll(di, [...NAMED, ...EVERY_FINAL].filter(harmless));
    counts.tries += 8;
    for (let n = 0; n < 8; n++)
      di.write(
        Buffer.from(
          [...randomBytes(512)].filter((b) => b !== 0x03 && !/[a-z]/i.test(String.fromCharCode(b))),
        ),
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    stillRunning();
    // Random bytes may end with the help page (a '?') or the quit question (a lone Escape) open
    // over the board, where Cy's move would be hidden: any other key returns to the game.
    for (let n = 0; n < 3 && /Quit this game\?|· help|· log/.test(di.screen()); n++) {
      di.write('\x1b[B');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(di.screen()).not.toMatch(/Quit this game\?|· help|· log/);

    // Cy, to move, too; then she throws and moves, and Di sees it.
    await typeAll(cy, NAMED);
    stillRunning();
    cy.mark();
    di.mark();
    cy.write(' ');
    await cy.waitFor('Cy threw');
    cy.write('\r');
    await di.waitFor(/Cy moved/);
    stillRunning();
  });
});
