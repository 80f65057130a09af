/**
 * madang serve with a real client: the built program serves on 127.0.0.1 (a free port) and
 * OpenSSH's ssh connects in tmux, with keys made by ssh-keygen. Two players with two keys make
 * and join a Yut table and play to a catch (seed 382: Ann gae, Bo geol, Ann gae and stacks,
 * Bo gae catches the stack); Bo's ssh is killed and he comes back to the same seat; a spectator
 * sees the moves; the recording verifies; exec and port forwarding are refused.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

const hasSsh =
  spawnSync('ssh', ['-V']).status === 0 && spawnSync('ssh-keygen', ['-?']).error === undefined;
if (!hasSsh && process.env.CI)
  throw new Error('ssh is missing: .ci/run installs openssh-client with apt-get');

const dir = mkdtempSync(join(tmpdir(), 'madang-serve-'));
const data = join(dir, 'data');
let server: ChildProcess | undefined;
let port = 0;
let printed = '';
const terminals: Terminal[] = [];

function key(name: string): string {
  const file = join(dir, name);
  spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
  return file;
}

const SSH_OPTIONS = [
  '-o StrictHostKeyChecking=no',
  '-o UserKnownHostsFile=/dev/null',
  '-o IdentitiesOnly=yes',
  '-o BatchMode=yes',
  '-o LogLevel=ERROR',
];

/** ssh in a tmux window, as a person at a terminal. */
function connect(keyFile: string, user = 'madang'): Terminal {
  const terminal = new Terminal(
    `ssh -t ${SSH_OPTIONS.join(' ')} -i ${keyFile} -p ${port} ${user}@127.0.0.1`,
  );
  terminals.push(terminal);
  return terminal;
}

/** ssh without a terminal (exec, forwarding), bounded in time. */
function sshRun(keyFile: string, ...args: string[]) {
  return spawnSync(
    'ssh',
    [...SSH_OPTIONS.flatMap((o) => o.split(' ')), '-i', keyFile, '-p', String(port), ...args],
    { encoding: 'utf8', timeout: 15_000 },
  );
}

async function expectScreen(terminal: Terminal, text: string | RegExp, ms = 8000) {
  const screen = await terminal.waitFor(text, ms);
  if (typeof text === 'string') expect(screen).toContain(text);
  else expect(screen).toMatch(text);
  return screen;
}

describe.runIf(hasTmux && hasSsh)('madang serve, played with OpenSSH in tmux', () => {
  beforeAll(async () => {
    spawnSync('mkdir', ['-p', data]);
    await startServer();
  });

  afterAll(() => {
    for (const terminal of terminals) terminal.close();
    server?.kill('SIGTERM');
  });

  /** madang serve on a free port of 127.0.0.1, its output kept in `printed`. */
  async function startServer() {
    printed = '';
    server = spawn(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--data-dir', data, '--seed', '382', '--bot-delay', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const end = Date.now() + 15_000;
    while (!/listening on 127\.0\.0\.1:(\d+)/.test(printed) && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const found = /listening on 127\.0\.0\.1:(\d+)/.exec(printed);
    if (!found) throw new Error(`madang serve did not start: ${printed}`);
    port = Number(found[1]);
  }

  /** Stop the server with a signal and wait until it is gone. */
  async function stopServer(signal: NodeJS.Signals) {
    const running = server as ChildProcess;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await gone;
  }

  it('prints the host key fingerprint and keeps the key 0600', () => {
    expect(printed).toMatch(/host key fingerprint: ED25519 key SHA256:[A-Za-z0-9+/]{43}/);
    const mode = statSync(join(data, 'server', 'host_ed25519')).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('two players make and join a Yut table and play to a catch; one drops and comes back; a spectator sees it; the recording verifies', async () => {
    const annKey = key('ann');
    const boKey = key('bo');
    const cyKey = key('cy');

    const ann = connect(annKey);
    await expectScreen(ann, 'Your key is new here');
    ann.sendRaw('Ann');
    await ann.keys('Enter');
    await expectScreen(ann, 'you are Ann');
    await ann.keys('n');
    await expectScreen(ann, 'which game?');
    await ann.keys('Enter');
    await expectScreen(ann, 'Start the game');
    await ann.keys('Up', 'Enter');
    const waiting = await expectScreen(ann, /table (\w{4}) · waiting for players/);
    const code = /table (\w{4}) · waiting/.exec(waiting)?.[1] as string;
    expect(waiting).toContain('Seat 1: Ann (you)');
    expect(waiting).toContain('Seat 2: open');

    // Bo goes straight to the table by its code as the SSH user name.
    const bo = connect(boKey, code);
    await expectScreen(bo, 'Your key is new here');
    bo.sendRaw('Bo');
    await bo.keys('Enter');
    await expectScreen(bo, '▶ R Ann to throw');
    await expectScreen(ann, '▶ R Ann to throw');

    // Bo may not throw for Ann.
    await bo.keys('Space');
    await expectScreen(bo, "It is Ann's turn.");

    // A spectator, by the code typed in the lobby: sees the same game and can only look.
    const cy = connect(cyKey);
    await expectScreen(cy, 'Your key is new here');
    cy.sendRaw('Cy');
    await cy.keys('Enter');
    await expectScreen(cy, `${code} Yut Nori`);
    await cy.keys('c');
    await expectScreen(cy, 'Table code:');
    cy.sendRaw(code.toUpperCase());
    await cy.keys('Enter');
    await expectScreen(cy, '▶ R Ann to throw');
    await expectScreen(cy, 'watching');
    await cy.keys('Space');
    await expectScreen(cy, 'You are watching: only the players move.');

    await ann.keys('Space');
    await expectScreen(ann, 'Ann threw gae.');
    await ann.keys('Enter');
    await expectScreen(bo, 'Ann moved a new piece to 2 with gae.');
    await expectScreen(cy, 'Ann moved a new piece to 2 with gae.');
    // Ann asks to take her move back: asked on Bo's screen, he refuses, the move stands.
    await ann.keys('u');
    await expectScreen(ann, 'Asked the others to agree to the take-back');
    await expectScreen(bo, 'Ann asks to take a move back: y agrees');
    await expectScreen(bo, 'take-back asked: y agree · n refuse');
    await bo.keys('n');
    await expectScreen(ann, 'Bo refuses the take-back: the move stands.');
    // A chat line, for everyone at the table.
    await bo.keys('c');
    await expectScreen(bo, 'Say:');
    bo.sendRaw('good one');
    await bo.keys('Enter');
    await expectScreen(ann, 'Bo: good one');
    await expectScreen(cy, 'Bo: good one');
    await bo.keys('Space');
    await expectScreen(bo, 'Bo threw geol.');
    await bo.keys('Enter');
    await expectScreen(ann, 'Bo moved a new piece to 3 with geol.');
    await ann.keys('Space');
    await expectScreen(ann, 'Ann threw gae.');
    await ann.keys('Enter');
    await expectScreen(cy, 'Ann stacked: 2 pieces move together at 2.');

    // Bo drops: his ssh is killed. The others see him away; the table waits at his turn.
    bo.close();
    await expectScreen(ann, 'Bo is away: the seat is kept for 5 minutes.');
    await expectScreen(ann, 'away: Bo');
    await expectScreen(cy, 'Bo is away');

    // The same key comes back (no code given): straight to the same table and seat.
    const back = connect(boKey);
    const again = await expectScreen(back, '▶ B Bo to throw');
    expect(again).toContain('Ann stacked: 2 pieces move together at 2.');
    await expectScreen(ann, 'Bo is back.');
    await back.keys('Space');
    await expectScreen(back, 'Bo threw gae.');
    await back.keys('Enter');
    const caught = "Bo caught Ann's stack of 2 at 2: throws again.";
    await expectScreen(back, caught);
    await expectScreen(ann, caught);
    await expectScreen(cy, caught);

    // The recording, named by the players, verifies.
    const folder = join(data, 'recordings');
    const [file] = readdirSync(folder).filter((f) => f.endsWith('.jsonl'));
    expect(file).toBeDefined();
    const verified = spawnSync(process.execPath, [CLI, 'verify', join(folder, file as string)], {
      encoding: 'utf8',
    });
    expect(verified.status).toBe(0);
    expect(verified.stdout).toContain('yut, 2 players (Ann, Bo), 8 events, unfinished');
    const header = JSON.parse(
      spawnSync('head', ['-1', join(folder, file as string)], { encoding: 'utf8' }).stdout,
    );
    expect(header.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Bo']);

    // The server stopped (SIGTERM), then killed (SIGKILL): each time it starts again, the table
    // is reopened from its recording and the players come back to their seats.
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      for (const terminal of terminals.splice(0)) terminal.close();
      await stopServer(signal);
      await startServer();
      expect(printed).toContain(`table ${code} (Yut Nori) reopened from`);
      const annAgain = connect(annKey);
      const seen = await expectScreen(annAgain, 'The game goes on where it was left');
      expect(seen).toContain('table ' + code);
      expect(seen).toContain('away: Bo');
      const boAgain = connect(boKey);
      const resumed = await expectScreen(
        boAgain,
        /The game goes on where it was left: Bo to (throw|move)\./,
      );
      await expectScreen(annAgain, 'Bo is back.');
      // Bo plays on from his seat: a throw, or the move of the throw made before the stop.
      const throwing = /Bo to throw\./.test(resumed);
      await boAgain.keys(throwing ? 'Space' : 'Enter');
      await expectScreen(annAgain, throwing ? /Bo threw \S+\./ : /Bo moved /);
      if (signal === 'SIGKILL') {
        // Ctrl+C leaves that connection only: the server and the other player go on.
        await annAgain.keys('C-c');
        expect(await annAgain.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
        await expectScreen(boAgain, 'Ann is away');
      }
    }
    const lines = readFileSync(join(folder, file as string), 'utf8')
      .trim()
      .split('\n');
    expect(lines.filter((l) => l.includes('session/resumed'))).toHaveLength(2);
    const after = spawnSync(process.execPath, [CLI, 'verify', join(folder, file as string)], {
      encoding: 'utf8',
    });
    expect(after.status).toBe(0);
  }, 120_000);

  it('refuses exec, port forwarding both ways, and a session without a terminal gets one line', () => {
    const keyFile = key('dee');
    const exec = sshRun(keyFile, '127.0.0.1', 'cat /etc/passwd');
    expect(exec.status).not.toBe(0);
    expect(exec.stdout).not.toContain('root:');
    expect(exec.stderr).toMatch(/exec request failed/);
    // Local forwarding (direct-tcpip), as ssh -W does it.
    const local = sshRun(keyFile, '-W', `127.0.0.1:${port}`, '127.0.0.1');
    expect(local.status).not.toBe(0);
    expect(local.stderr).toMatch(/open failed|administratively prohibited|stdio forwarding failed/);
    // Remote forwarding (tcpip-forward).
    const remote = sshRun(
      keyFile,
      '-N',
      '-o',
      'ExitOnForwardFailure=yes',
      '-R',
      '0:127.0.0.1:9',
      '127.0.0.1',
    );
    expect(remote.status).not.toBe(0);
    expect(remote.stderr).toMatch(/remote port forwarding failed/);
    // A shell without a pty: one line saying to use a terminal.
    const plain = sshRun(keyFile, '-T', '127.0.0.1');
    expect(plain.stdout).toContain('connect with a terminal');
  });

  it('a connection without a key gets the banner saying how to connect with one', async () => {
    const terminal = new Terminal(
      `ssh -t ${SSH_OPTIONS.filter((o) => !o.includes('BatchMode')).join(' ')} -o PubkeyAuthentication=no -o PreferredAuthentications=keyboard-interactive -p ${port} 127.0.0.1`,
    );
    terminals.push(terminal);
    await expectScreen(terminal, 'madang needs your SSH key to know you');
    expect(terminal.screen()).toContain('ssh-keygen -t ed25519');
    await terminal.keys('x');
    await expectScreen(terminal, 'EXITED');
  });
});
