// ESLint for the web table's browser modules (src/cardtable/server/static): the recommended
// rules plus a 100-column limit like ruff's for the Python. Run with `make lint` (npm ci first).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/cardtable/server/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "max-len": ["error", { code: 100, ignoreUrls: true }],
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
