import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureDemoAdmin } from "../src/bootstrap/demo-admin";
import { parseEnv } from "../src/env";
import { waitForMail } from "./helpers/accounts";
import { DIST_DIR, readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi();
});

afterAll(async () => {
  await app?.stop();
});

async function countAdmins(): Promise<number> {
  return app.strapi.db.query(CONTENT_TYPES.adminUser).count({});
}

describe("CMS application", () => {
  it("answers GET /health with the database in use", async () => {
    const response = await fetch(`${app.url}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: app.database });
  });

  it("serves the admin panel's favicon (a missing file answered 500 on every admin page)", async () => {
    const response = await fetch(`${app.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/");
  });

  it("keeps Strapi's own /_health", async () => {
    const response = await fetch(`${app.url}/_health`);
    expect(response.status).toBe(204);
  });

  it("answers 503 from /health when the database fails", async () => {
    const spy = vi.spyOn(app.strapi.db.connection, "raw").mockRejectedValueOnce(new Error("database down"));
    const errorLog = vi.spyOn(app.strapi.log, "error").mockImplementation(() => app.strapi.log);
    try {
      const response = await fetch(`${app.url}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "error" });
    } finally {
      spy.mockRestore();
      errorLog.mockRestore();
    }
  });

  it("serves the admin API under /admin", async () => {
    const response = await fetch(`${app.url}/admin/init`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { hasAdmin: boolean } };
    // Demo mode created the first admin, so the panel shows sign-in rather than registration.
    expect(body.data.hasAdmin).toBe(true);
  });

  // The panel's HTML exists only after `strapi build`; the global setup compiles TypeScript only.
  it.runIf(fs.existsSync(`${DIST_DIR}/build/index.html`))("serves the admin panel HTML at /admin", async () => {
    const response = await fetch(`${app.url}/admin`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("<!DOCTYPE html>");
  });

  it("serves the content API under /api, apart from the admin panel's own routes", async () => {
    const me = await fetch(`${app.api}/users/me`);
    expect([401, 403]).toContain(me.status);
    expect(me.headers.get("content-type")).toContain("application/json");
    const body = (await me.json()) as { error: { status: number } };
    expect(body.error.status).toBe(me.status);

    // The admin panel's calls (/i18n/locales, /upload/files, ...) must not be shadowed by the content API.
    expect((await fetch(`${app.url}/users/me`)).status).toBe(404);
    expect((await fetch(`${app.url}/products`)).status).toBe(404);
  });

  it("lets a customer register and read /users/me with the JWT", async () => {
    const register = await fetch(`${app.api}/auth/local/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ana@example.com", password: "Secret-Kiwi-123!" }),
    });
    expect(register.status).toBe(200);
    const { jwt } = (await register.json()) as { jwt: string };

    const me = await fetch(`${app.api}/users/me`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "ana@example.com" });
    // The confirmation link goes out just after the answer: let it land before the outbox is counted.
    await waitForMail(app.outboxDir, "ana@example.com", /confirmation=/);
  });

  it("writes e-mail to the outbox as one .eml file per message", async () => {
    const before = readOutbox(app.outboxDir).length;
    await app.strapi.plugin("email").service("email").send({
      to: "customer@example.com",
      bcc: "audit@example.com",
      subject: "Your box is on its way",
      text: "It will arrive on Thursday.",
    });

    const files = readOutbox(app.outboxDir);
    expect(files).toHaveLength(before + 1);
    const mail = files.at(-1);
    expect(mail?.name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(mail?.content).toMatch(/^Subject: Your box is on its way\r?$/m);
    expect(mail?.content).toMatch(/^To: customer@example\.com\r?$/m);
    expect(mail?.content).toMatch(/^Bcc: audit@example\.com\r?$/m);
    expect(mail?.content).toMatch(/^From: Imperfecta <hola@demo\.local>\r?$/m);
    expect(mail?.content).toContain("It will arrive on Thursday.");
    expect(fs.readdirSync(app.outboxDir).some((name) => name.endsWith(".part"))).toBe(false);

    // The admin's e-mail settings page calls verify(): the outbox transport supports it.
    const provider = app.strapi.plugin("email").provider as { verify(): Promise<unknown> };
    await expect(provider.verify()).resolves.toBe(true);
  });

  it("creates the demo staff account once, and not again on a second bootstrap", async () => {
    const env = parseEnv(process.env);
    const admin = await app.strapi.db.query(CONTENT_TYPES.adminUser).findOne({
      where: { email: env.demo.email },
      populate: ["roles"],
    });
    expect(admin).toMatchObject({ firstname: "Demo", lastname: "Staff", isActive: true });
    expect((admin as { roles: { code: string }[] }).roles.map((role) => role.code)).toContain("strapi-super-admin");
    expect(await countAdmins()).toBe(1);

    // The account can sign in to the admin panel with the configured password.
    const login = await fetch(`${app.url}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: env.demo.email, password: env.demo.password }),
    });
    expect(login.status).toBe(200);

    app = await app.restart();
    expect(await countAdmins()).toBe(1);

    // Every start in demo mode says how to sign in.
    const info = vi.spyOn(app.strapi.log, "info").mockImplementation(() => app.strapi.log);
    try {
      expect(await ensureDemoAdmin(app.strapi, env)).toBe("exists");
      expect(info).toHaveBeenCalledWith(
        `Demo staff account: ${env.demo.email} / ${env.demo.password} — sign in at ${env.publicUrl}/admin`,
      );
    } finally {
      info.mockRestore();
    }
    expect(await countAdmins()).toBe(1);
  });
});
