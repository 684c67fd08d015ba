import { describe, expect, it } from "vitest";
import { cmsError, useFakeCms } from "../../tests/fake-cms";
import type { AppLoadContext } from "react-router";
import { action } from "./register";

const cms = useFakeCms();

const VISITOR = "203.0.113.9";

async function register(fields: Record<string, string>) {
  const request = new Request("http://shop.test/registro", { method: "POST", body: new URLSearchParams(fields) });
  const context = {
    locale: "es",
    clientIp: VISITOR,
    dataRequest: false,
    screen: null,
    cspNonce: "n",
  } as AppLoadContext;
  return (await action({ request, context, params: {} } as Parameters<typeof action>[0])) as {
    data: Record<string, unknown>;
    init: { status: number; headers: Headers };
  };
}

describe("registration refused by a rate limit (docs/decisions/021)", () => {
  it("answers the form again with the limit and when to try, keeping what was typed but the password", async () => {
    cms.on(
      "POST /auth/local/register",
      cmsError(429, { name: "RateLimitError", message: "Too many", headers: { "Retry-After": "1750" } }),
    );
    const answer = await register({
      email: "ana@example.test",
      password: "Kiwi-Tractor-93!",
      firstName: "Ana",
      lastName: "Puig",
    });
    expect(cms.calls.map((call) => [call.path, call.clientIp])).toEqual([["/auth/local/register", VISITOR]]);
    expect(answer.init.status).toBe(429);
    expect(answer.init.headers.get("Retry-After")).toBe("1750");
    expect(answer.data).toMatchObject({
      status: "limited",
      retryAfterMinutes: 30,
      values: { email: "ana@example.test", firstName: "Ana", lastName: "Puig" },
    });
    expect(JSON.stringify(answer.data)).not.toContain("Kiwi-Tractor");
  });
});
