import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// A second file that boots Strapi in the same worker: also proves the helper's teardown leaves the
// process clean enough for the next boot (fresh environment, fresh database).
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({ DEMO_MODE: "false" });
});

afterAll(async () => {
  await app?.stop();
});

describe("demo mode off", () => {
  it("creates no staff account", async () => {
    expect(await app.strapi.db.query("admin::user").count({})).toBe(0);
    const response = await fetch(`${app.url}/admin/init`);
    const body = (await response.json()) as { data: { hasAdmin: boolean } };
    expect(body.data.hasAdmin).toBe(false);
  });

  it("still answers /health", async () => {
    const response = await fetch(`${app.url}/health`);
    expect(response.status).toBe(200);
  });
});
