import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureDemoAdmin } from "../src/bootstrap/demo-admin";
import { parseEnv } from "../src/env";
import { waitForMail } from "./helpers/accounts";
import { DIST_DIR, readOutbox, startStrapi, type TestStrapi, STRAPI_BOOT_TIMEOUT_MS } from "./helpers/strapi";
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

  it(
    "creates the demo staff account once, and not again on a second bootstrap",
    { timeout: STRAPI_BOOT_TIMEOUT_MS },
    async () => {
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
    },
  );
});

describe("the admin panel's views (decision 041)", () => {
  interface ViewConfiguration {
    settings: { mainField: string };
    metadatas: Record<string, { edit: { label: string; mainField?: string }; list: { label: string } }>;
    layouts: { list: string[]; edit: unknown };
  }

  async function staffToken(): Promise<string> {
    const env = parseEnv(process.env);
    const login = await fetch(`${app.url}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: env.demo.email, password: env.demo.password }),
    });
    return ((await login.json()) as { data: { token: string } }).data.token;
  }

  /** What the panel loads to draw a content type's list and edit views. */
  async function viewOf(token: string, uid: string): Promise<ViewConfiguration> {
    const response = await fetch(`${app.url}/content-manager/content-types/${uid}/configuration`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { contentType: ViewConfiguration } }).data.contentType;
  }

  it("takes a permission staff lose into account at their next request, though their permissions are kept between requests", async () => {
    const role = (await app.strapi.db.query("admin::role").findOne({ where: { code: "strapi-editor" } })) as {
      id: number;
    };
    await app.strapi.service("admin::user").create({
      email: "editor@example.com",
      firstname: "Eva",
      lastname: "Editora",
      password: "Editor-Pass-123",
      isActive: true,
      registrationToken: null,
      roles: [role.id],
    });
    const login = await fetch(`${app.url}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "editor@example.com", password: "Editor-Pass-123" }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const products = () =>
      fetch(`${app.url}/content-manager/collection-types/${CONTENT_TYPES.product}?page=1&pageSize=10`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await products()).status).toBe(200);
    expect((await products()).status).toBe(200);

    // The product list's permission taken from the editors' role (as Settings > Roles does).
    const permissions = (await app.strapi.db.query("admin::permission").findMany({
      where: { role: role.id, action: "plugin::content-manager.explorer.read", subject: CONTENT_TYPES.product },
    })) as { id: number }[];
    expect(permissions.length).toBeGreaterThan(0);
    await app.strapi.service("admin::permission").deleteByIds(permissions.map(({ id }) => id));
    expect((await products()).status).toBe(403);
  });

  it(
    "labels fields in Spanish, names records by their name, and keeps a label staff changed across a restart",
    { timeout: STRAPI_BOOT_TIMEOUT_MS },
    async () => {
      let token = await staffToken();
      const product = await viewOf(token, CONTENT_TYPES.product);
      expect(product.metadatas.name_es?.edit.label).toBe("Nombre (español)");
      expect(product.metadatas.isImperfectusProduct?.edit.label).toBe("Producto Imperfectus");
      expect(product.metadatas.price?.list.label).toBe("Precio (€, sin IVA)");
      expect(product.settings.mainField).toBe("name_es");
      // Related records by their names: the product's VAT rate by its name, not its id.
      expect(product.metadatas.tax_id?.edit.mainField).toBe("name");

      const order = await viewOf(token, CONTENT_TYPES.order);
      expect(order.settings.mainField).toBe("number");
      expect(order.metadatas.total?.edit.label).toBe("Total (céntimos, IVA incl.)");
      expect(order.metadatas.user?.edit.mainField).toBe("email");
      const giftCard = await viewOf(token, CONTENT_TYPES.giftCard);
      expect(giftCard.settings.mainField).toBe("codeTail");
      expect(giftCard.layouts.list).toEqual(["codeTail", "buyerEmail", "recipientEmail", "amount", "sendOn", "sentAt"]);

      const settings = await viewOf(token, CONTENT_TYPES.shopSetting);
      expect(settings.metadatas.giftCardMinimumEuros?.edit.label).toBe("Tarjeta regalo: importe mínimo (€)");
      expect((await viewOf(token, CONTENT_TYPES.referralSetting)).metadatas.monthlyCap?.edit.label).toBe(
        "Recompensas máximas al mes por cliente",
      );

      // A member of staff renames a label and the product's list columns in "Configure the view".
      product.metadatas.name_es!.edit.label = "Nombre del producto";
      product.layouts.list = ["name_es", "price"];
      // Saved as "Configure the view" saves it (the content manager's configuration service).
      await app.strapi
        .plugin("content-manager")
        .service("content-types")
        .updateConfiguration(
          { uid: CONTENT_TYPES.product },
          { metadatas: product.metadatas, layouts: product.layouts },
        );
      app = await app.restart();
      token = await staffToken();
      const again = await viewOf(token, CONTENT_TYPES.product);
      expect(again.metadatas.name_es?.edit.label).toBe("Nombre del producto");
      expect(again.layouts.list).toEqual(["name_es", "price"]);
      // What staff did not touch is still the shop's.
      expect(again.metadatas.name_ca?.edit.label).toBe("Nombre (catalán)");
    },
  );
});
