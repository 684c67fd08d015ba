import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/dist/**",
      "**/.react-router/**",
      "**/.strapi/**",
      "apps/cms/types/generated/**",
      "apps/cms/data/**",
      "apps/cms/public/**",
      "var/**",
      "bench/tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["apps/storefront/app/**/*.tsx"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["apps/storefront/public/**/*.js"],
    languageOptions: { globals: { ...globals.browser }, sourceType: "script", ecmaVersion: 5 },
  },
  {
    files: ["apps/cms/src/admin/**/*.{ts,tsx}", "apps/cms/src/plugins/*/admin/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
