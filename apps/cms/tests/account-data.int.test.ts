import { accountExportSchema, deleteAccountAnswerSchema, referralAnswerSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../src/factories/users";
import { cleanUpAccounts } from "../src/jobs/clean-up-accounts";
import { consentPseudonym } from "../src/services/newsletter";
import { openSession } from "../src/services/sessions";
import { authBody, bearer, GOOD_PASSWORD, registerCustomer, send, waitForMail } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// What a customer can do with their own data (docs/decisions/013): take a copy, delete the account,
// read their referral code; and the job that clears what the account calls leave behind.
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
});

afterAll(async () => {
  await app?.stop();
});

const USER = "plugin::users-permissions.user";
const SESSION = "api::account.session";
const TOKEN = "api::account.one-time-token";
const SUBSCRIBER = "api::newsletter.subscriber";
const CONSENT = "api::account.newsletter-consent";
const ADDRESS = "api::account.address";
const WORDING = "Quiero recibir la newsletter de Imperfecta (una al mes).";
const ADDRESS_BODY = {
  fullName: "Ana García",
  line1: "Carrer de Mallorca 200, 3r 2a",
  postalCode: "08036",
  city: "Barcelona",
  country: "ES",
};

const db = (uid: string) => app.strapi.db.query(uid as never);
const me = (jwt: string) => getJson(`${app.api}/users/me`, { headers: bearer(jwt) });
const deleteMe = (jwt: string, body: unknown) => send("DELETE", `${app.api}/users/me`, body, bearer(jwt));

/** A registered customer whose address is confirmed, with an address and a confirmed newsletter subscription. */
async function fullCustomer() {
  const customer = await registerCustomer(app.api, { firstName: "Marta", preferredLocale: "ca" });
  await db(USER).update({ where: { id: customer.user.id }, data: { confirmed: true } });
  await postJson(`${app.api}/users/me/addresses`, ADDRESS_BODY, bearer(customer.jwt));
  const url = `${app.api}/users/me/newsletter`;
  await send("PUT", url, { subscribed: true, wording: WORDING, locale: "ca" }, bearer(customer.jwt));
  const mail = await waitForMail(app.outboxDir, customer.email, /newsletter\/confirmar\?token=/);
  const token = /token=([0-9a-f]{64})/.exec(mail)?.[1];
  expect((await postJson(`${app.api}/newsletter/confirm`, { token })).status).toBe(200);
  return customer;
}

describe("a copy of the customer's data", () => {
  it("is every piece of it as a JSON download, sessions without their secrets", async () => {
    const { email, jwt, user } = await fullCustomer();
    const other = authBody(await postJson(`${app.api}/auth/local`, { identifier: email, password: GOOD_PASSWORD }));

    const response = await getJson(`${app.api}/users/me/export`, { headers: bearer(other.jwt) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="imperfecta-${day}.json"`);

    const data = accountExportSchema.parse(response.body);
    expect(data.account).toMatchObject({ id: user.id, email, firstName: "Marta", newsletter: true });
    expect(data.addresses.map((address) => address.city)).toEqual(["Barcelona"]);
    expect(data.newsletter.status).toBe("subscribed");
    expect(data.newsletter.history.map((entry) => entry.event)).toEqual(["confirm", "request"]);
    expect(data.sessions.map((session) => [session.method, session.current])).toEqual([
      ["register", false],
      ["password", true],
    ]);
    expect(data.notYetKept).toEqual(["orders"]);
    expect(data.note).toContain("comandes");
    const referral = await getJson(`${app.api}/users/me/referral`, { headers: bearer(jwt) });
    expect(data.referralCode).toBe(referralAnswerSchema.parse(referral.body).code);

    const text = JSON.stringify(response.body);
    const sids = (await db(SESSION).findMany({ where: { userId: user.id } })) as { sid: string }[];
    for (const secret of [jwt, other.jwt, ...sids.map((row) => row.sid)]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"password":|\$2[aby]\$/);
  });

  it("needs a live session", async () => {
    expectErrorShape(await getJson(`${app.api}/users/me/export`), 401);
    const { jwt } = await registerCustomer(app.api);
    await postJson(`${app.api}/auth/logout`, {}, bearer(jwt));
    expectErrorShape(await getJson(`${app.api}/users/me/export`, { headers: bearer(jwt) }), 401);
  });
});

describe("referral codes", () => {
  it("every customer has one, made at registration: eight characters nobody misreads, the same every time", async () => {
    const first = await registerCustomer(app.api);
    const second = await registerCustomer(app.api);
    const stored = (await db(USER).findOne({ where: { id: first.user.id } })) as { referralCode: string };
    const codes = [];
    for (const jwt of [first.jwt, first.jwt, second.jwt]) {
      const answer = await getJson(`${app.api}/users/me/referral`, { headers: bearer(jwt) });
      expect(answer.status).toBe(200);
      codes.push(referralAnswerSchema.parse(answer.body).code);
    }
    expect(codes[0]).toBe(stored.referralCode);
    expect(codes[1]).toBe(codes[0]);
    expect(codes[2]).not.toBe(codes[0]);
    expect(first.user).not.toHaveProperty("referralCode");
    expectErrorShape(await getJson(`${app.api}/users/me/referral`), 401);
  });

  it("a customer from before codes gets one on first use, even when asked twice at once; codes are unique", async () => {
    const { user } = await createUser(app.strapi);
    const { jwt } = await openSession(app.strapi, user.id as number, "password");
    const answers = await Promise.all(
      [1, 2, 3].map(() => getJson(`${app.api}/users/me/referral`, { headers: bearer(jwt) })),
    );
    const codes = new Set(answers.map((answer) => referralAnswerSchema.parse(answer.body).code));
    expect(codes.size).toBe(1);
    const other = await registerCustomer(app.api);
    await expect(
      db(USER).update({ where: { id: other.user.id }, data: { referralCode: [...codes][0] } }),
    ).rejects.toThrow();
  });
});

describe("deleting the account", () => {
  it("needs the confirmation and the current password, and takes no other keys", async () => {
    const { jwt } = await registerCustomer(app.api);
    expectErrorShape(await deleteMe(jwt, {}), 400);
    expectErrorShape(await deleteMe(jwt, { confirm: false, currentPassword: GOOD_PASSWORD }), 400);
    expectErrorShape(await deleteMe(jwt, { confirm: true, currentPassword: GOOD_PASSWORD, userId: 1 }), 400);
    expect(errorCode(expectErrorShape(await deleteMe(jwt, { confirm: true }), 400))).toBe("invalidCredentials");
    const wrong = await deleteMe(jwt, { confirm: true, currentPassword: "Not-the-password-1" });
    expect(errorCode(expectErrorShape(wrong, 400))).toBe("invalidCredentials");
    for (const body of [[], "text", 42, null]) expectErrorShape(await deleteMe(jwt, body), 400);
    const plain = await getJson(`${app.api}/users/me`, {
      method: "DELETE",
      headers: { ...bearer(jwt), "content-type": "text/plain" },
      body: "confirm=true",
    });
    expect(plain.status).toBe(400);
    const empty = await getJson(`${app.api}/users/me`, { method: "DELETE", headers: bearer(jwt) });
    expect(empty.status).toBe(400);
    expectErrorShape(
      await send("DELETE", `${app.api}/users/me`, { confirm: true, currentPassword: GOOD_PASSWORD }),
      401,
    );
    expect((await me(jwt)).status).toBe(200);
  });

  it("deletes everything of the customer, keeps the consent log detached, says so, and retires every token", async () => {
    const { email, jwt, user } = await fullCustomer();
    const other = authBody(await postJson(`${app.api}/auth/local`, { identifier: email, password: GOOD_PASSWORD }));
    await postJson(`${app.api}/auth/forgot-password`, { email });
    await waitForMail(app.outboxDir, email, /code=/);
    // A request of the address never confirmed nor joined to the account (its row since cleared).
    await db(CONSENT).create({
      data: { event: "request", email, subscribed: true, wording: WORDING, locale: "es", source: "footer" },
    });

    const answer = await deleteMe(jwt, { confirm: true, currentPassword: GOOD_PASSWORD });
    expect(answer.status).toBe(200);
    expect(deleteAccountAnswerSchema.parse(answer.body)).toEqual({ deleted: true, kept: ["consentLog"] });

    for (const token of [jwt, other.jwt]) {
      expectErrorShape(await me(token), 401);
      expectErrorShape(await getJson(`${app.api}/products`, { headers: bearer(token) }), 401);
    }
    expect(await db(USER).findOne({ where: { id: user.id } })).toBeNull();
    expect(await db(SESSION).count({ where: { userId: user.id } })).toBe(0);
    expect(await db(TOKEN).count({ where: { userId: user.id } })).toBe(0);
    expect(await db(ADDRESS).count({ where: { fullName: ADDRESS_BODY.fullName, user: { id: user.id } } })).toBe(0);
    expect(await db(SUBSCRIBER).findOne({ where: { email } })).toBeNull();
    expect(await db(CONSENT).count({ where: { email } })).toBe(0);
    const kept = (await db(CONSENT).findMany({
      where: { emailHash: consentPseudonym(email) },
      orderBy: { id: "asc" },
      populate: { user: { select: ["id"] } },
    })) as { event: string; source: string; user: unknown; email: string | null; detachedAt: unknown }[];
    expect(kept.map((row) => [row.event, row.source])).toEqual([
      ["request", "account"],
      ["confirm", "email"],
      ["request", "footer"],
      ["unsubscribe", "deletion"],
    ]);
    for (const row of kept) expect(row).toMatchObject({ user: null, email: null, detachedAt: expect.anything() });

    const mail = await waitForMail(app.outboxDir, email, /El teu compte s/);
    expect(mail).toContain("les teves sessions obertes");
    expectErrorShape(await postJson(`${app.api}/auth/local`, { identifier: email, password: GOOD_PASSWORD }), 400);

    // The address is free again, and the new account inherits nothing.
    const again = authBody(await postJson(`${app.api}/auth/local/register`, { email, password: GOOD_PASSWORD }));
    const newsletter = await getJson(`${app.api}/users/me/newsletter`, { headers: bearer(again.jwt) });
    expect(newsletter.body).toMatchObject({ status: "unsubscribed", history: [] });
  });

  it("says nothing was kept when there was nothing to keep", async () => {
    const { jwt } = await registerCustomer(app.api);
    const answer = await deleteMe(jwt, { confirm: true, currentPassword: GOOD_PASSWORD });
    expect(answer.body).toEqual({ deleted: true, kept: [] });
  });

  it("an account without a password (Sign in with Apple) only confirms", async () => {
    const role = (await db("plugin::users-permissions.role").findOne({ where: { type: "authenticated" } })) as {
      id: number;
    };
    const user = (await db(USER).create({
      data: {
        username: "apple-only@example.com",
        email: "apple-only@example.com",
        provider: "apple",
        confirmed: true,
        blocked: false,
        role: role.id,
      },
    })) as { id: number };
    const { jwt } = await openSession(app.strapi, user.id, "social");
    const answer = await deleteMe(jwt, { confirm: true });
    expect(answer.status).toBe(200);
    expect(await db(USER).findOne({ where: { id: user.id } })).toBeNull();
  });

  it("of two deletions at once, one deletes and the other finds nothing to delete", async () => {
    const { jwt, user } = await registerCustomer(app.api);
    const body = { confirm: true, currentPassword: GOOD_PASSWORD };
    const answers = await Promise.all([deleteMe(jwt, body), deleteMe(jwt, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(await db(USER).findOne({ where: { id: user.id } })).toBeNull();
  });
});

describe("the clean-up job", () => {
  it("deletes expired sessions, stale one-time secrets and expired newsletter requests, and nothing else", async () => {
    const { user } = await registerCustomer(app.api);
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const HOUR = 60 * 60 * 1000;
    const session = (sid: string, expiresAt: Date) =>
      db(SESSION).create({ data: { sid, userId: user.id, method: "password", expiresAt } }) as Promise<{ id: number }>;
    const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null) =>
      db(TOKEN).create({
        data: { purpose: "reset-password", userId: user.id, tokenHash, expiresAt, usedAt, attempts: 0 },
      }) as Promise<{ id: number }>;
    const subscriber = (email: string, status: string, confirmExpiresAt: Date | null) =>
      db(SUBSCRIBER).create({
        data: { email, status, locale: "es", source: "footer", confirmExpiresAt },
      }) as Promise<{ id: number }>;

    const gone = [
      [SESSION, await session(`expired-${now.getTime()}`, ago(1000))],
      [TOKEN, await token(`expired-${now.getTime()}`, ago(25 * HOUR), null)],
      [TOKEN, await token(`spent-${now.getTime()}`, ago(-HOUR), ago(25 * HOUR))],
      [SUBSCRIBER, await subscriber(`pending-old-${now.getTime()}@example.com`, "pending", ago(1000))],
    ] as const;
    const kept = [
      [SESSION, await session(`live-${now.getTime()}`, ago(-HOUR))],
      [TOKEN, await token(`recent-${now.getTime()}`, ago(HOUR), ago(HOUR))],
      [TOKEN, await token(`fresh-${now.getTime()}`, ago(-HOUR), null)],
      [SUBSCRIBER, await subscriber(`pending-new-${now.getTime()}@example.com`, "pending", ago(-HOUR))],
      [SUBSCRIBER, await subscriber(`subscribed-${now.getTime()}@example.com`, "subscribed", null)],
    ] as const;

    const removed = await cleanUpAccounts(app.strapi, now);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.oneTimeTokens).toBeGreaterThanOrEqual(2);
    expect(removed.newsletterRequests).toBeGreaterThanOrEqual(1);
    for (const [uid, row] of gone) expect(await db(uid).findOne({ where: { id: row.id } }), uid).toBeNull();
    for (const [uid, row] of kept) expect(await db(uid).findOne({ where: { id: row.id } }), uid).not.toBeNull();
    // A second run, as another instance's, finds nothing more to do.
    expect(await cleanUpAccounts(app.strapi, now)).toEqual({ sessions: 0, oneTimeTokens: 0, newsletterRequests: 0 });
  });
});
