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
  // The floors of the house (README, "Where things are"): app/lib, app/schemas and
  // app/components serve every feature and import none; a feature never imports a route.
  {
    files: ["app/lib/**", "app/schemas/**", "app/components/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(~/|(\\.\\./)+)(features|routes)(/|$)", message: "app/lib, app/schemas and app/components import no feature and no route: move the code down to this floor, or up into the feature." }] }],
    },
  },
  {
    files: ["app/features/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(~/|(\\.\\./)+)routes(/|$)", message: "A feature never imports a route module: what both need lives in the feature." }] }],
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
