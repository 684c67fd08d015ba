import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_PATH,
  REJECT_ALL,
  serializeConsent,
} from "../app/analytics/consent";
import { consentCookieEndpoint } from "./consent-cookie";

let base = "";
let close: () => void = () => undefined;
beforeAll(() => {
  const app = express();
  app.post(CONSENT_PATH, ...consentCookieEndpoint({ secure: true }));
  const server = app.listen(0);
  close = () => server.close();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => close());

const nowSeconds = () => Math.floor(Date.now() / 1000);
const post = (body: string, type = "application/x-www-form-urlencoded") =>
  fetch(base + CONSENT_PATH, { method: "POST", headers: { "Content-Type": type }, body });
const form = (value: string) => new URLSearchParams({ value }).toString();

describe("the consent choice stored by the server", () => {
  it("sets the cookie the page wrote, for a year after the choice, readable by the page's script", async () => {
    const value = serializeConsent({ choice: ACCEPT_ALL, chosenAt: nowSeconds() });
    const answer = await post(form(value));
    expect(answer.status).toBe(204);
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${CONSENT_COOKIE}=${encodeURIComponent(value)}`);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(CONSENT_MAX_AGE_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(CONSENT_MAX_AGE_SECONDS);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps an older choice only until a year after it was made: a replay gains no time", async () => {
    const chosenAt = nowSeconds() - 300 * 24 * 60 * 60;
    const answer = await post(form(serializeConsent({ choice: REJECT_ALL, chosenAt })));
    expect(answer.status).toBe(204);
    const maxAge = Number(/Max-Age=(\d+)/.exec(answer.headers.get("set-cookie") ?? "")?.[1]);
    expect(maxAge).toBeLessThanOrEqual(65 * 24 * 60 * 60);
    expect(maxAge).toBeGreaterThan(64 * 24 * 60 * 60);
  });

  it("refuses what it did not write, changing nothing", async () => {
    const tooOld = serializeConsent({ choice: ACCEPT_ALL, chosenAt: nowSeconds() - CONSENT_MAX_AGE_SECONDS - 10 });
    for (const body of [form("v=1&p=1"), form("anything"), form(tooOld), "other=1", ""]) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(answer.headers.get("set-cookie"), body).toBeNull();
      expect(((await answer.json()) as { error: { status: number } }).error.status).toBe(400);
    }
  });

  it("answers other bodies with a 4xx, never a 5xx", async () => {
    const value = serializeConsent({ choice: ACCEPT_ALL, chosenAt: nowSeconds() });
    expect((await post(JSON.stringify({ value }), "application/json")).status).toBe(415);
    expect((await post(`value=${"x".repeat(600)}`)).status).toBe(413);
    expect((await post("value=%E0%A4%A")).status).toBe(400);
    expect((await post("a=1&b=2&c=3&d=4&e=5&f=6&g=7")).status).toBeGreaterThanOrEqual(400);
    expect((await post("a=1&b=2&c=3&d=4&e=5&f=6&g=7")).status).toBeLessThan(500);
  });
});
