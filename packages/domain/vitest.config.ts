import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "domain",
    setupFiles: [new URL("../../vitest.unit-setup.ts", import.meta.url).pathname],
    include: ["src/**/*.test.ts"],
  },
});
