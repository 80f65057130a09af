/**
 * The bench's key → frame times the Ink the program ships (issue 46, 6): the built program
 * (dist/madang.js, Ink bundled) in a real pty, every key answered by a frame. It had timed only
 * the sources' Ink in process, on a fake terminal. Needs `npm run build` and util-linux `script`.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { builtKeyToFrame } from '../../bench/ui.js';
import { CLI } from '../support/tmux.js';

const hasScript = spawnSync('script', ['--version']).status === 0;

describe('the bench’s key → frame of the built program', () => {
  it.runIf(hasScript)(
    'times each key to the frame it caused, none missed',
    async () => {
      const measured = await builtKeyToFrame(8, CLI);
      expect(measured).toBeDefined();
      expect(measured?.missed).toBe(0);
      expect(measured?.times).toHaveLength(8);
      // Each is a real frame's time, under the 2 s the bench waits.
      for (const ms of measured?.times ?? []) expect(ms).toBeGreaterThan(0);
      for (const ms of measured?.times ?? []) expect(ms).toBeLessThan(2000);
    },
    60_000,
  );
});
