import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetSession, getSession, SESSION_CACHE_TTL_MS } from "./session.server";

const cmsFetch = vi.hoisted(() => vi.fn());
vi.mock("./cms.server", () => ({ cmsFetch }));

const ana = { id: 7, email: "ana@example.test", firstName: "Ana", confirmed: true };

function withCookie(token: string): Request {
  return new Request("http://shop.test/mi-cuenta", { headers: { Cookie: `shop_session=${token}` } });
}

describe("the signed-in customer", () => {
  beforeEach(() => {
    cmsFetch.mockReset();
  });

  it("asks the CMS once, then believes the answer for a while", async () => {
    cmsFetch.mockImplementation(async () => Response.json(ana));
    const now = 1_000_000;
    expect((await getSession(withCookie("token-a"), now)).user).toEqual(ana);
    expect((await getSession(withCookie("token-a"), now + SESSION_CACHE_TTL_MS - 1)).user).toEqual(ana);
    expect(cmsFetch).toHaveBeenCalledTimes(1);
    await getSession(withCookie("token-a"), now + SESSION_CACHE_TTL_MS + 1);
    expect(cmsFetch).toHaveBeenCalledTimes(2);
  });

  it("asks again after sign-out forgot the session", async () => {
    cmsFetch.mockImplementation(async () => Response.json(ana));
    await getSession(withCookie("token-b"));
    forgetSession("token-b");
    cmsFetch.mockImplementation(async () => Response.json({ error: { status: 401 } }, { status: 401 }));
    expect(await getSession(withCookie("token-b"))).toEqual({ user: null, clearCookie: true });
  });

  it("keeps each token's own customer", async () => {
    cmsFetch.mockImplementation(async (_path: string, { token }: { token: string }) =>
      Response.json(token === "token-c" ? ana : { id: 8, email: "bea@example.test", firstName: null }),
    );
    expect((await getSession(withCookie("token-c"))).user?.email).toBe("ana@example.test");
    expect((await getSession(withCookie("token-d"))).user?.email).toBe("bea@example.test");
  });

  it("does not remember an outage: the next request asks again", async () => {
    cmsFetch.mockRejectedValueOnce(new Error("connection refused"));
    expect(await getSession(withCookie("token-e"))).toEqual({ user: null, clearCookie: false });
    cmsFetch.mockImplementation(async () => Response.json(ana));
    expect((await getSession(withCookie("token-e"))).user).toEqual(ana);
  });
});
