import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { customerOf } from "../tests/visit";
import {
  forgetCustomerSessions,
  forgetSession,
  onForgetSession,
  type Forgotten,
  SESSION_CACHE_TTL_MS,
  SessionCache,
  sessionKeyOf,
  SIGNED_OUT,
  type SessionLookUp,
} from "./session.server";

const ana = customerOf({ id: 7, email: "ana@example.test", firstName: "Ana" });
const bea = customerOf({ id: 8, email: "bea@example.test", firstName: null });

/** A CMS as the session sees it: each token's answer, and every lookup counted. */
function fakeCms(answers: Record<string, SessionLookUp>) {
  const calls: string[] = [];
  const lookUp = async (token: string) => {
    calls.push(token);
    return answers[token] ?? { kind: "refused" };
  };
  return { calls, lookUp };
}

describe("the session cache", () => {
  let time = 1_000_000;
  const now = () => time;
  beforeEach(() => {
    time = 1_000_000;
  });

  it("asks the CMS once, then believes the answer until the TTL ends", async () => {
    const cms = fakeCms({ "token-a": { kind: "customer", user: ana } });
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    expect(await cache.resolve("token-a")).toEqual({ token: "token-a", user: ana, clearCookie: false });
    time += SESSION_CACHE_TTL_MS - 1;
    expect((await cache.resolve("token-a")).user).toEqual(ana);
    expect(cms.calls).toEqual(["token-a"]);
    time += 2;
    await cache.resolve("token-a");
    expect(cms.calls).toEqual(["token-a", "token-a"]);
  });

  it("asks once for a burst of requests of the same customer", async () => {
    const cms = fakeCms({ "token-a": { kind: "customer", user: ana } });
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    const sessions = await Promise.all(Array.from({ length: 20 }, () => cache.resolve("token-a")));
    expect(sessions.every((session) => session.user?.email === "ana@example.test")).toBe(true);
    expect(cms.calls).toHaveLength(1);
  });

  it("asks nothing without a token", async () => {
    const cms = fakeCms({});
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    expect(await cache.resolve(null)).toBe(SIGNED_OUT);
    expect(cms.calls).toEqual([]);
  });

  it("keeps each token's own customer", async () => {
    const cms = fakeCms({ "token-c": { kind: "customer", user: ana }, "token-d": { kind: "customer", user: bea } });
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    expect((await cache.resolve("token-c")).user?.email).toBe("ana@example.test");
    expect((await cache.resolve("token-d")).user?.email).toBe("bea@example.test");
  });

  it("drops a refused token (the cookie goes) and remembers the refusal", async () => {
    const cms = fakeCms({});
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    expect(await cache.resolve("retired")).toEqual({ token: null, user: null, clearCookie: true });
    await cache.resolve("retired");
    expect(cms.calls).toHaveLength(1);
  });

  it("does not remember an outage: the next request asks again", async () => {
    const answers: Record<string, SessionLookUp> = { "token-e": { kind: "unknown" } };
    const cms = fakeCms(answers);
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    expect(await cache.resolve("token-e")).toEqual({ token: "token-e", user: null, clearCookie: false });
    answers["token-e"] = { kind: "customer", user: ana };
    expect((await cache.resolve("token-e")).user).toEqual(ana);
    expect(cms.calls).toHaveLength(2);
  });

  it("asks again once a token is forgotten (sign-out, a profile change)", async () => {
    const answers: Record<string, SessionLookUp> = { "token-b": { kind: "customer", user: ana } };
    const cms = fakeCms(answers);
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    await cache.resolve("token-b");
    cache.forgetKey(sessionKeyOf("token-b"));
    delete answers["token-b"];
    expect(await cache.resolve("token-b")).toEqual({ token: null, user: null, clearCookie: true });
  });

  it("does not cache a lookup that a retirement overtook", async () => {
    let answer: (value: SessionLookUp) => void = () => undefined;
    const calls: string[] = [];
    const cache = new SessionCache({
      now,
      lookUp: (token) => {
        calls.push(token);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const looking = cache.resolve("token-f");
    cache.forgetKey(sessionKeyOf("token-f"));
    answer({ kind: "customer", user: ana });
    expect((await looking).user).toEqual(ana);
    void cache.resolve("token-f");
    expect(calls).toEqual(["token-f", "token-f"]);
  });

  it("forgets every session of a customer (a password change ends them all), and only theirs", async () => {
    const cms = fakeCms({
      phone: { kind: "customer", user: ana },
      laptop: { kind: "customer", user: ana },
      other: { kind: "customer", user: bea },
    });
    const cache = new SessionCache({ lookUp: cms.lookUp, now });
    for (const token of ["phone", "laptop", "other"]) await cache.resolve(token);
    cache.forgetCustomer(ana.id);
    for (const token of ["phone", "laptop", "other"]) await cache.resolve(token);
    expect(cms.calls).toEqual(["phone", "laptop", "other", "phone", "laptop"]);
  });

  it("keeps at most its number of entries, dropping the oldest", async () => {
    const cms = fakeCms({ a: { kind: "customer", user: ana }, b: { kind: "customer", user: bea } });
    const cache = new SessionCache({ lookUp: cms.lookUp, now, maxEntries: 1 });
    await cache.resolve("a");
    await cache.resolve("b");
    expect(cache.size).toBe(1);
    await cache.resolve("a");
    expect(cms.calls).toEqual(["a", "b", "a"]);
  });
});

describe("forgetting a session", () => {
  const heard: Forgotten[] = [];
  let stop: () => void = () => undefined;
  beforeEach(() => {
    heard.length = 0;
    stop = onForgetSession((key) => heard.push(key));
  });
  afterEach(() => stop());

  it("tells the listeners the token's hash, never the token", () => {
    forgetSession("jwt-of-ana");
    expect(heard).toEqual([{ key: sessionKeyOf("jwt-of-ana") }]);
    expect(JSON.stringify(heard)).not.toContain("jwt-of-ana");
  });

  it("tells the listeners a customer whose every session ended", () => {
    forgetCustomerSessions(7);
    expect(heard).toEqual([{ customerId: 7 }]);
  });

  it("tells nothing without a token", () => {
    forgetSession(null);
    expect(heard).toEqual([]);
  });
});
