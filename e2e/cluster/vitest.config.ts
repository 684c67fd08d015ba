import { defineProject } from "vitest/config";

// The shop as a cluster behind HAProxy (scripts/cluster, docs/decisions/046): one file that starts
// two CMS and two storefront processes on PostgreSQL and Redis, apart from the e2e project's one shop.
export default defineProject({
  test: {
    name: "cluster",
    include: ["**/*.cluster.test.ts"],
    testTimeout: 60_000,
    // Two Strapi boots one after the other on an empty PostgreSQL database, on two loaded cores.
    hookTimeout: 360_000,
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
  },
});
