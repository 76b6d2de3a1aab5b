import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,mock,conformance,fixtures,scripts}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
