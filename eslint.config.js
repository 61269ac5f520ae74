import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "tests/.tmp/**", ".ci/node/**", "tests/helpers/openapi.generated.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["public/sw.js"],
    languageOptions: { globals: { self: "readonly", caches: "readonly", fetch: "readonly", URL: "readonly", Response: "readonly", URLSearchParams: "readonly", AbortSignal: "readonly" } },
  },
  {
    files: ["scripts/**/*.js", "*.config.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
