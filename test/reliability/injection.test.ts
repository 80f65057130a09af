/**
 * Escape sequences from files, arguments and typed answers never reach the terminal: each
 * payload through each message path of the built program, and none comes out raw.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeText } from '../../source/engine/safe-text.js';
import { CLI } from '../support/tmux.js';

const PAYLOADS = [
  '\x1b]0;pwned\x07', // OSC: renames the terminal's title
  '\x1b[2J', // clears the screen
  '\u009b2J', // CSI as one C1 character
  '\u009d0;pwned\u009c', // OSC as C1
  '\u202eevil', // right-to-left override
  '\u2066x\u2069', // bidi isolates
  '\u2067\u2068', // more isolates
];
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

const dir = mkdtempSync(join(tmpdir(), 'madang-injection-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
// Without FORCE_COLOR (the tests set it): the program's own colours are not what is looked for.
const env = { ...process.env };
delete env.FORCE_COLOR;
const run = (args: string[], input = '') =>
  spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', env });
const header = (fields: Record<string, unknown>) =>
  JSON.stringify({
    format: 'madang-recording',
    version: 1,
    game: 'yut',
    options: { players: 2, pieces: 1 },
    players: [
      { name: 'A', kind: 'human' },
      { name: 'B', kind: 'human' },
    ],
    seed: 1,
    startedAt: '2026-01-01',
    app: 'test',
    ...fields,
  });

describe('no escape sequence from outside reaches the terminal', () => {
  it('safeText shows every control and format character as a visible escape', () => {
    expect(safeText('a\x1b[2Jb\u202ec')).toBe('a\\u{1b}[2Jb\\u{202e}c');
    for (const payload of PAYLOADS) expect(safeText(payload)).not.toMatch(RAW);
  });

  PAYLOADS.forEach((payload, i) => {
    it(`payload ${i + 1} through every message path`, () => {
      const outputs: string[] = [];
      const take = (r: ReturnType<typeof run>) => outputs.push(r.stdout, r.stderr);
      // A recording's options: a saved position that is not a position.
      take(
        run([
          'verify',
          file(
            `start-${i}.jsonl`,
            `${header({ options: { players: 2, pieces: 1, start: { positions: [[payload], [0]], turn: 0 } } })}\n`,
          ),
        ]),
      );
      // A closing line whose winner is the payload; a game name; an event type.
      take(
        run([
          'verify',
          file(
            `end-${i}.jsonl`,
            `${header({})}\n${JSON.stringify({ type: 'session/ended', outcome: { status: 'won', winner: payload } })}\n`,
          ),
        ]),
      );
      take(run(['verify', file(`game-${i}.jsonl`, `${header({ game: payload })}\n`)]));
      take(
        run([
          'verify',
          file(`event-${i}.jsonl`, `${header({})}\n${JSON.stringify({ type: payload })}\n`),
        ]),
      );
      // Player names are printed by verify.
      take(
        run([
          'verify',
          file(
            `names-${i}.jsonl`,
            `${header({
              players: [
                { name: payload, kind: 'human' },
                { name: 'B', kind: 'human' },
              ],
            })}\n`,
          ),
        ]),
      );
      // A throw script's bad line, a board file's broken JSON, an argument.
      take(run(['yut', '--throws', file(`throws-${i}.txt`, `gae\n${payload}\n`)]));
      take(run(['ur', '--board', file(`board-${i}.ur`, `[[{"position": "${payload}`)]));
      take(run(['verify', join(dir, `missing-${payload}.jsonl`)]));
      // A typed answer in the classic protocol.
      take(run(['yut', '--no-record'], `1\n${payload}\n2\n1\n`));
      take(run(['ur', '--no-record'], `${payload}\n`));
      for (const text of outputs) expect(text).not.toMatch(RAW);
      // And the messages still say what was wrong.
      expect(outputs.join('\n')).toContain('madang:');
    });
  });
});
