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
    // Components run in the browser: a view model they name lives outside *.server files (issue 21).
    // Route modules and root.tsx may import server modules: React Router strips their loaders and actions.
    files: ["apps/storefront/app/**/*.tsx"],
    ignores: ["apps/storefront/app/routes/**", "apps/storefront/app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["*.server", "*.server.ts"],
              message: "A component must not import a .server module, even for a type: move the type beside it.",
            },
          ],
        },
      ],
    },
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
