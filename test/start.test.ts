/** `npm start` builds only when the sources changed: an unchanged program starts at once. */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from './support/tmux.js';

describe('npm start', () => {
  it('starts the built program without building it again when nothing changed', () => {
    const before = statSync(CLI).mtimeMs;
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--version'], {
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(run.status).toBe(0);
    // The test setup built it; a rebuild would have written it again.
    expect(statSync(CLI).mtimeMs).toBe(before);
  });
});
