import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve("app"),
      "#db": path.resolve("db"),
    },
  },
  test: {
    globals: true,
    // Component tests (tests/components) say `// @vitest-environment happy-dom` at their top.
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "tests/components/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
