import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: {
      // Colour on, so that the tests can see it (and see it turned off by NO_COLOR).
      FORCE_COLOR: '1',
      // Games started by tests record here, never in the user's data directory.
      MADANG_DATA_DIR: mkdtempSync(join(tmpdir(), 'madang-test-data-')),
    },
  },
});
