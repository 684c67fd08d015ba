import { accountSchema, newsletterAnswerSchema, newsletterConfirmAnswerSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentPseudonym, sendNewsletterMail, unsubscribeToken } from "../src/newsletter/newsletter";
import {
  answeredWithin,
  bearer,
  freshEmail,
  GOOD_PASSWORD,
  holdLookups,
  mailHeaders,
  mailsTo,
  registerCustomer,
  send,
  waitForMail,
} from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// The newsletter with double opt-in, for visitors and customers (docs/decisions/013); rate limits
// off (accounts-limits.int.test.ts has them on).
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
});

afterAll(async () => {
  await app?.stop();
});

const SUBSCRIBER = CONTENT_TYPES.newsletterSubscriber;
const CONSENT = CONTENT_TYPES.newsletterConsent;
const USER = CONTENT_TYPES.user;
const WORDING = "Quiero recibir la newsletter de Imperfecta (una al mes).";

const subscribe = (email: string, locale = "es") =>
  postJson(`${app.api}/newsletter/subscribe`, { email, locale, wording: WORDING, source: "footer" });
const confirm = (token: string) => postJson(`${app.api}/newsletter/confirm`, { token });
const unsubscribe = (token: string) => postJson(`${app.api}/newsletter/unsubscribe`, { token });
const me = (jwt: string) => getJson(`${app.api}/users/me`, { headers: bearer(jwt) });
const newsletterOf = async (jwt: string) =>
  newsletterAnswerSchema.parse((await getJson(`${app.api}/users/me/newsletter`, { headers: bearer(jwt) })).body);

/** The token of the newest confirmation link mailed to `email`. */
async function confirmationToken(email: string, before = 0): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const links = mailsTo(app.outboxDir, email)
      .slice(before)
      .flatMap((mail) => [...mail.matchAll(/newsletter\/[a-z]+\?token=([0-9a-f]{64})/g)]);
    const token = links.at(-1)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation link to ${email}`);
}

async function subscriberRow(email: string) {
  return (await app.strapi.db.query(SUBSCRIBER).findOne({ where: { email } })) as {
    id: number;
    documentId: string;
    status: string;
    locale: string;
    userId: number | null;
  } | null;
}

async function consentEvents(email: string): Promise<[string, string, string | null][]> {
  const rows = (await app.strapi.db.query(CONSENT).findMany({ where: { email }, orderBy: { id: "asc" } })) as {
    event: string;
    source: string;
    wording: string | null;
  }[];
  return rows.map((row) => [row.event, row.source, row.wording]);
}

/** A visitor's subscription, confirmed; the welcome mail it brought. */
async function confirmedVisitor(locale = "es") {
  const email = freshEmail("lector");
  await subscribe(email, locale);
  const token = await confirmationToken(email);
  expect((await confirm(token)).status).toBe(200);
  const welcome = await waitForMail(app.outboxDir, email, /List-Unsubscribe:/);
  return { email, token, welcome };
}

describe("a visitor's subscription (double opt-in)", () => {
  it("asks by mail in the visitor's language, confirms once, welcomes with one-click unsubscribe headers", async () => {
    const email = freshEmail("lector");
    const answer = await subscribe(email.toUpperCase(), "ca");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });

    const mail = await waitForMail(app.outboxDir, email, /token=/);
    expect(await subscriberRow(email)).toMatchObject({ status: "pending", userId: null });
    expect(mail).toContain("Confirma la teva subscripci");
    // The confirmation request is not a newsletter mail: no unsubscribe headers.
    expect(mailHeaders(mail).has("list-unsubscribe")).toBe(false);
    const token = await confirmationToken(email);
    expect(mail).toContain(`https://shop.example/ca/newsletter/confirmar?token=${token}`);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(newsletterConfirmAnswerSchema.parse(confirmed.body)).toEqual({ status: "subscribed", email });
    expect(errorCode(expectErrorShape(await confirm(token), 400))).toBe("invalidToken");
    expect(await subscriberRow(email)).toMatchObject({ status: "subscribed" });

    const welcome = await waitForMail(app.outboxDir, email, /List-Unsubscribe:/);
    const row = await subscriberRow(email);
    const unsubscribeUrl = `https://shop.example/ca/newsletter/baixa?token=${unsubscribeToken(row!)}`;
    const headers = mailHeaders(welcome);
    expect(headers.get("list-unsubscribe")).toBe(`<${unsubscribeUrl}>`);
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(welcome).toContain("Ja ets a la llista");
    // The visible link in the body, in both parts.
    expect(welcome).toContain(`href="${unsubscribeUrl}"`);
    expect(welcome).toContain("Donar-me de baixa");

    expect(await consentEvents(email)).toEqual([
      ["request", "footer", WORDING],
      ["confirm", "email", null],
    ]);
  });

  it("unsubscribes with the mail's token, without signing in, as often as the link is followed", async () => {
    const { email } = await confirmedVisitor();
    const token = unsubscribeToken((await subscriberRow(email))!);
    for (let i = 0; i < 2; i++) {
      const answer = await unsubscribe(token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: "unsubscribed" });
    }
    expect(await subscriberRow(email)).toMatchObject({ status: "unsubscribed" });
    expect((await consentEvents(email)).map(([event]) => event)).toEqual(["request", "confirm", "unsubscribe"]);

    for (const bad of [`${token}x`, token.replace(/^[^.]+/, "abcdefghijklmnopqrstuvwx"), "a".repeat(64), "a.b.c"]) {
      expect(errorCode(expectErrorShape(await unsubscribe(bad), 400)), bad).toBe("invalidToken");
    }
  });

  it("answers the same for a new, a pending, a subscribed and a customer's address, and mails only whom it must", async () => {
    const fresh = freshEmail("lector");
    const pending = freshEmail("lector");
    await subscribe(pending);
    await confirmationToken(pending);
    const { email: subscribed } = await confirmedVisitor();
    const { email: customer } = await registerCustomer(app.api);
    const before = mailsTo(app.outboxDir, subscribed).length;

    const answers = await Promise.all([fresh, pending, subscribed, customer].map((email) => subscribe(email)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
    }
    await confirmationToken(fresh);
    await confirmationToken(customer);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(app.outboxDir, subscribed)).toHaveLength(before);
    expect(await subscriberRow(subscribed)).toMatchObject({ status: "subscribed" });
    // The customer's account shows nothing of it: the subscription belongs to the address.
    expect((await app.strapi.db.query(USER).findOne({ where: { email: customer } })) as object).toMatchObject({
      newsletter: false,
    });
  });

  it("lets only one of two parallel confirmations win, and a new request withdraws the earlier link", async () => {
    const email = freshEmail("lector");
    await subscribe(email);
    const first = await confirmationToken(email);
    const mailsBefore = mailsTo(app.outboxDir, email).length;
    await subscribe(email);
    const second = await confirmationToken(email, mailsBefore);
    expect(second).not.toBe(first);
    expectErrorShape(await confirm(first), 400);

    const answers = await Promise.all([confirm(second), confirm(second), confirm(second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect((await consentEvents(email)).filter(([event]) => event === "confirm")).toHaveLength(1);
  });

  it("refuses an expired link", async () => {
    const email = freshEmail("lector");
    await subscribe(email);
    const token = await confirmationToken(email);
    await app.strapi.db
      .query(SUBSCRIBER)
      .updateMany({ where: { email }, data: { confirmExpiresAt: new Date(Date.now() - 1000) } });
    expect(errorCode(expectErrorShape(await confirm(token), 400))).toBe("invalidToken");
    expect(await subscriberRow(email)).toMatchObject({ status: "pending" });
  });
});

describe("a customer's subscription", () => {
  async function confirmedCustomer(overrides: Record<string, unknown> = {}) {
    const customer = await registerCustomer(app.api, overrides);
    await app.strapi.db.query(USER).update({ where: { id: customer.user.id }, data: { confirmed: true } });
    return customer;
  }

  it("asks by mail too; the flag turns true only once confirmed; unsubscribing is immediate", async () => {
    const { email, jwt } = await confirmedCustomer({ firstName: "Rita", preferredLocale: "pt" });
    const url = `${app.api}/users/me/newsletter`;
    const asked = await send("PUT", url, { subscribed: true, wording: WORDING, locale: "pt" }, bearer(jwt));
    expect(newsletterAnswerSchema.parse(asked.body)).toMatchObject({ status: "pending", subscribed: false });
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(false);

    const mail = await waitForMail(app.outboxDir, email, /token=/);
    expect(mail).toContain(", Rita:");
    expect((await confirm(await confirmationToken(email))).status).toBe(200);
    expect(await newsletterOf(jwt)).toMatchObject({ status: "subscribed", subscribed: true });
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(true);

    // Asking again while subscribed changes nothing and mails nothing.
    await waitForMail(app.outboxDir, email, /List-Unsubscribe:/);
    const mails = mailsTo(app.outboxDir, email).length;
    await send("PUT", url, { subscribed: true, wording: WORDING, locale: "pt" }, bearer(jwt));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(app.outboxDir, email)).toHaveLength(mails);

    const left = newsletterAnswerSchema.parse(
      (await send("PUT", url, { subscribed: false, locale: "pt" }, bearer(jwt))).body,
    );
    expect(left).toMatchObject({ status: "unsubscribed", subscribed: false });
    expect(left.history.map((entry) => [entry.event, entry.source])).toEqual([
      ["unsubscribe", "account"],
      ["confirm", "email"],
      ["request", "account"],
    ]);
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(false);
  });

  it("an unsubscribe link in a mail ends the customer's subscription and turns the flag off", async () => {
    const { email, jwt } = await confirmedCustomer();
    await send(
      "PUT",
      `${app.api}/users/me/newsletter`,
      { subscribed: true, wording: WORDING, locale: "es" },
      bearer(jwt),
    );
    await confirm(await confirmationToken(email));
    await unsubscribe(unsubscribeToken((await subscriberRow(email))!));
    expect(await newsletterOf(jwt)).toMatchObject({ status: "unsubscribed", subscribed: false });
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(false);
  });

  it("a visitor's confirmed subscription joins the account registered with the address, once the address is proven", async () => {
    const { email } = await confirmedVisitor();
    const registered = await postJson(`${app.api}/auth/local/register`, { email, password: GOOD_PASSWORD });
    const { jwt } = registered.body as { jwt: string };
    // Whoever registered the address has not proven it is theirs: its owner's subscription stays hidden.
    expect(await newsletterOf(jwt)).toMatchObject({ status: "unsubscribed", history: [] });
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(false);

    const confirmation = /confirmation=([0-9a-f]{64})/.exec(await waitForMail(app.outboxDir, email, /confirmation=/));
    expect((await postJson(`${app.api}/auth/email-confirmation`, { confirmation: confirmation?.[1] })).status).toBe(
      200,
    );
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(true);
    const joined = await newsletterOf(jwt);
    expect(joined.status).toBe("subscribed");
    expect(joined.history.map((entry) => entry.event)).toEqual(["confirm", "request"]);
    expect(await subscriberRow(email)).toMatchObject({ userId: (registered.body as { user: { id: number } }).user.id });
  });

  it("a visitor's subscription confirmed for a confirmed customer's address joins the account at once", async () => {
    const { email, jwt } = await confirmedCustomer();
    await subscribe(email);
    await confirm(await confirmationToken(email));
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(true);
    expect((await newsletterOf(jwt)).status).toBe("subscribed");
  });
});

describe("a visitor's request is read and recorded after the answer", () => {
  it("answers for a customer's and an unknown address before reading either's subscription or account", async () => {
    const { email, user } = await registerCustomer(app.api);
    await app.strapi.db.query(USER).update({ where: { id: user.id }, data: { confirmed: true } });
    await waitForMail(app.outboxDir, email, /confirmation=/);
    const mails = mailsTo(app.outboxDir, email).length;
    const stranger = freshEmail("lector");
    const rows = () => app.strapi.db.query(SUBSCRIBER).count({ where: { email: { $in: [email, stranger] } } });
    const hold = holdLookups(app.strapi, [SUBSCRIBER, USER], [email, stranger]);
    try {
      const answers = await answeredWithin(Promise.all([email, stranger].map((address) => subscribe(address))));
      for (const answer of answers) expect(answer.body).toEqual({ ok: true });
      await expect.poll(() => hold.held).toBe(2);
      expect(await rows()).toBe(0);
      expect(mailsTo(app.outboxDir, email)).toHaveLength(mails);
      expect(mailsTo(app.outboxDir, stranger)).toEqual([]);

      hold.release();
      await confirmationToken(email, mails);
      await confirmationToken(stranger);
      expect(await rows()).toBe(2);
    } finally {
      hold.restore();
    }
  });
});

describe("a visitor's request for a customer's address", () => {
  async function confirmedCustomer(overrides: Record<string, unknown> = {}) {
    const customer = await registerCustomer(app.api, overrides);
    await app.strapi.db.query(USER).update({ where: { id: customer.user.id }, data: { confirmed: true } });
    return customer;
  }

  /** What the log keeps of requests for `email` that are nobody's yet: under the address's pseudonym. */
  async function unattachedRequests(email: string) {
    const rows = (await app.strapi.db.query(CONSENT).findMany({
      where: { emailHash: consentPseudonym(email) },
      orderBy: { id: "asc" },
      populate: { user: { select: ["id"] } },
    })) as { event: string; source: string; wording: string | null; locale: string; email: string | null }[];
    return rows.map((row) => ({ ...row, user: (row as { user?: unknown }).user ?? null }));
  }

  it("changes neither the status, the language nor the history of a joined subscription until its link is opened", async () => {
    const { email, jwt, user } = await confirmedCustomer({ preferredLocale: "es" });
    const url = `${app.api}/users/me/newsletter`;
    await send("PUT", url, { subscribed: true, wording: WORDING, locale: "es" }, bearer(jwt));
    expect((await confirm(await confirmationToken(email))).status).toBe(200);
    await send("PUT", url, { subscribed: false, locale: "es" }, bearer(jwt));
    const before = await newsletterOf(jwt);
    expect(before.status).toBe("unsubscribed");
    expect(await subscriberRow(email)).toMatchObject({ status: "unsubscribed", locale: "es", userId: user.id });

    // Signed out, somebody asks for the address in Portuguese.
    const mails = mailsTo(app.outboxDir, email).length;
    const answer = await subscribe(email, "pt");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    // The link still goes to the address; nothing of the account changes meanwhile.
    const token = await confirmationToken(email, mails);
    expect(await subscriberRow(email)).toMatchObject({ status: "unsubscribed", locale: "es", userId: user.id });
    expect(await newsletterOf(jwt)).toEqual(before);
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(false);
    // The request is logged, but under the address's pseudonym: nobody's until the link is opened.
    expect(await unattachedRequests(email)).toMatchObject([
      { event: "request", source: "footer", wording: WORDING, locale: "pt", email: null, user: null },
    ]);

    // The address's owner opens the link: now it is the account's, in the request's language.
    const sent = mailsTo(app.outboxDir, email).length;
    expect((await confirm(token)).status).toBe(200);
    expect(await subscriberRow(email)).toMatchObject({ status: "subscribed", locale: "pt", userId: user.id });
    const after = await newsletterOf(jwt);
    expect(after.status).toBe("subscribed");
    expect(after.history.map((entry) => [entry.event, entry.source, entry.wording, entry.locale])).toEqual([
      ["confirm", "email", null, "pt"],
      ["request", "footer", WORDING, "pt"],
      ...before.history.map((entry) => [entry.event, entry.source, entry.wording, entry.locale]),
    ]);
    expect(accountSchema.parse((await me(jwt)).body).newsletter).toBe(true);
    // The welcome too.
    await expect
      .poll(() => mailsTo(app.outboxDir, email).slice(sent).join("\n"))
      .toContain("/pt/newsletter/unsubscribe?token=");
  });

  it("shows a confirmed customer with no subscription nothing of it either, until the link is opened", async () => {
    const { email, jwt } = await confirmedCustomer();
    await subscribe(email, "ca");
    const token = await confirmationToken(email);
    expect(await newsletterOf(jwt)).toEqual({ status: "unsubscribed", subscribed: false, history: [] });
    expect(await unattachedRequests(email)).toMatchObject([{ event: "request", locale: "ca", user: null }]);

    expect((await confirm(token)).status).toBe(200);
    const after = await newsletterOf(jwt);
    expect(after.status).toBe("subscribed");
    expect(after.history.map((entry) => [entry.event, entry.source, entry.locale])).toEqual([
      ["confirm", "email", "ca"],
      ["request", "footer", "ca"],
    ]);
  });

  it("leaves a request the account made waiting as it was, and a request never confirmed is never the account's", async () => {
    const { email, jwt } = await confirmedCustomer();
    const url = `${app.api}/users/me/newsletter`;
    await send("PUT", url, { subscribed: true, wording: WORDING, locale: "es" }, bearer(jwt));
    await confirmationToken(email);
    const mails = mailsTo(app.outboxDir, email).length;
    await subscribe(email, "pt");
    await confirmationToken(email, mails);
    expect(await subscriberRow(email)).toMatchObject({ status: "pending", locale: "es" });
    // The customer asks again: their own request replaces the visitor's, which stays nobody's.
    const again = mailsTo(app.outboxDir, email).length;
    await send("PUT", url, { subscribed: true, wording: WORDING, locale: "es" }, bearer(jwt));
    expect((await confirm(await confirmationToken(email, again))).status).toBe(200);
    expect(await subscriberRow(email)).toMatchObject({ status: "subscribed", locale: "es" });
    expect((await newsletterOf(jwt)).history.map((entry) => [entry.event, entry.source])).toEqual([
      ["confirm", "email"],
      ["request", "account"],
      ["request", "account"],
    ]);
    expect(await unattachedRequests(email)).toMatchObject([{ event: "request", source: "footer", user: null }]);
  });
});

describe("newsletter mails", () => {
  it("go only to confirmed subscribers, each with their own unsubscribe link and headers", async () => {
    const { email } = await confirmedVisitor("pt");
    const row = (await subscriberRow(email))!;
    const before = mailsTo(app.outboxDir, email).length;
    expect(
      await sendNewsletterMail(app.strapi, row.id, "newsletterWelcome", { url: "https://shop.example/pt/boxes" }),
    ).toBe(true);
    const mails = mailsTo(app.outboxDir, email);
    expect(mails).toHaveLength(before + 1);
    expect(mailHeaders(mails.at(-1)!).get("list-unsubscribe")).toBe(
      `<https://shop.example/pt/newsletter/unsubscribe?token=${unsubscribeToken(row)}>`,
    );

    await unsubscribe(unsubscribeToken(row));
    expect(
      await sendNewsletterMail(app.strapi, row.id, "newsletterWelcome", { url: "https://shop.example/pt/boxes" }),
    ).toBe(false);
    expect(mailsTo(app.outboxDir, email)).toHaveLength(before + 1);
  });
});

describe("malformed newsletter requests", () => {
  it("answer 4xx, never 5xx", async () => {
    const good = { email: "a@b.es", locale: "es", wording: WORDING, source: "footer" };
    const cases: [string, unknown][] = [
      ["/newsletter/subscribe", { ...good, userId: 1 }],
      ["/newsletter/subscribe", { ...good, source: "account" }],
      ["/newsletter/subscribe", { ...good, wording: null }],
      ["/newsletter/subscribe", { ...good, email: ["a@b.es"] }],
      ["/newsletter/subscribe", { ...good, locale: "en" }],
      ["/newsletter/confirm", { token: { $ne: null } }],
      ["/newsletter/confirm", { token: "a".repeat(300) }],
      ["/newsletter/unsubscribe", { token: "x", extra: 1 }],
    ];
    for (const call of ["/newsletter/subscribe", "/newsletter/confirm", "/newsletter/unsubscribe"]) {
      for (const body of [[], "text", 42, null, {}]) cases.push([call, body]);
      const plain = await getJson(`${app.api}${call}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "token=x",
      });
      expect(plain.status, call).toBe(400);
      const empty = await getJson(`${app.api}${call}`, { method: "POST" });
      expect(empty.status, call).toBe(400);
      expect([404, 405], `GET ${call}`).toContain((await getJson(`${app.api}${call}`)).status);
      const huge = await postJson(`${app.api}${call}`, { token: "x".repeat(2_000_000) });
      expect(huge.status, call).toBe(413);
    }
    for (const [call, body] of cases) {
      expectErrorShape(await postJson(`${app.api}${call}`, body), 400);
    }
  });

  it("subscribers are never in the content API", async () => {
    const { jwt } = await registerCustomer(app.api);
    for (const path of ["/subscribers", "/newsletter-subscribers", "/newsletter/subscribers", "/newsletter-consents"]) {
      expect([403, 404, 405], path).toContain((await getJson(`${app.api}${path}`)).status);
      expect([403, 404, 405], path).toContain((await getJson(`${app.api}${path}`, { headers: bearer(jwt) })).status);
    }
  });
});
