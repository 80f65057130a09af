/**
 * OpenSSH's own client against a served madang: a key made by ssh-keygen, and `ssh` in a tmux
 * window (test/support/tmux.ts), as a person connects from their terminal. Only 127.0.0.1.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Terminal } from './tmux.js';

export const hasSsh =
  spawnSync('ssh', ['-V']).status === 0 && spawnSync('ssh-keygen', ['-?']).error === undefined;
if (!hasSsh && process.env.CI)
  throw new Error('ssh is missing: .ci/run installs openssh-client with apt-get');

/** No known hosts kept or asked, only the key given, no password prompt, no chatter. */
export const SSH_OPTIONS = [
  '-o StrictHostKeyChecking=no',
  '-o UserKnownHostsFile=/dev/null',
  '-o IdentitiesOnly=yes',
  '-o BatchMode=yes',
  '-o LogLevel=ERROR',
];

/** A new ed25519 key without a passphrase, `dir/name` (its public half beside it): the file. */
export function sshKey(dir: string, name: string): string {
  const file = join(dir, name);
  const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file], {
    encoding: 'utf8',
    timeout: 15_000,
  });
  if (made.status !== 0) throw new Error(`ssh-keygen failed: ${made.stderr}`);
  return file;
}

/** `ssh -t` with this key to 127.0.0.1:`port` in a tmux window of `size` (TERM=xterm-256color). */
export function openssh(
  port: number,
  keyFile: string,
  user = 'madang',
  size?: { columns: number; rows: number },
): Terminal {
  return new Terminal(
    `ssh -t ${SSH_OPTIONS.join(' ')} -i ${keyFile} -p ${port} ${user}@127.0.0.1`,
    size,
  );
}
