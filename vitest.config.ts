import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Colour on, so that the tests can see it (and see it turned off by NO_COLOR).
    env: { FORCE_COLOR: '1' },
  },
});
