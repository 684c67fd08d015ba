import { configDefaults, defineConfig } from "vitest/config";

// The CMS's pure unit tests (tests/**/*.test.ts that are not *.int.test.ts): they import plain
// functions from src/ and never boot Strapi or touch a database, so they need neither the compiled
// dist/ of the "cms" project's globalSetup nor its one-file-at-a-time fork, and run once, not once per
// database.
export default defineConfig({
  test: {
    name: "cms-unit",
    // Vite replaces __dirname in config files, so the project resolves the same from any cwd.
    root: __dirname,
    include: ["tests/**/*.test.ts"],
    setupFiles: [`${__dirname}/../../vitest.unit-setup.ts`],
    exclude: [...configDefaults.exclude, "tests/**/*.int.test.ts"],
  },
});
