import type { IncomingMessage, ServerResponse } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/**
 * A local stand-in for Google, Microsoft and Facebook (docs/decisions/025): oauth2-mock-server, an
 * OpenID Connect provider that signs its tokens with a key of its own and checks the PKCE verifier
 * (once: a code traded twice is refused, as the real providers do). Started by the global setup, so
 * the shop's CMS is configured with its addresses from the start; the tests, in other processes,
 * tell it over HTTP who signs in next (it has no sign-in page: /authorize answers at once).
 */

export type FakeProviderName = "google" | "microsoft" | "facebook";

/** The shop's keys at the fake, and the app's own client (whose ID tokens the native hooks hand over). */
export const FAKE_CLIENTS: Record<FakeProviderName, { id: string; secret: string }> = {
  google: { id: "shop-google", secret: "google-secret" },
  microsoft: { id: "shop-microsoft", secret: "microsoft-secret" },
  facebook: { id: "shop-facebook", secret: "facebook-secret" },
};
export const FAKE_APP_CLIENTS: Record<"google" | "microsoft", string> = {
  google: "app-google",
  microsoft: "app-microsoft",
};

/** Who signs in at the fake; `emailVerified` is said the way each provider says it (see claimsOf). */
export interface FakeIdentity {
  readonly subject: string;
  readonly email: string;
  readonly emailVerified: boolean;
}

/** Microsoft's tenant of personal accounts (it verified their addresses); any other is a work tenant. */
const CONSUMER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const WORK_TENANT = "5f1c0c6e-3f8a-4a44-9d5e-2b7d0d9c0a11";

const providerOf = (clientId: unknown): FakeProviderName | undefined =>
  (Object.keys(FAKE_CLIENTS) as FakeProviderName[]).find(
    (name) => FAKE_CLIENTS[name].id === clientId || FAKE_APP_CLIENTS[name as "google"] === clientId,
  );

function claimsOf(provider: FakeProviderName, identity: FakeIdentity, issuer: string): Record<string, unknown> {
  if (provider === "microsoft") {
    const tid = identity.emailVerified ? CONSUMER_TENANT : WORK_TENANT;
    return {
      sub: `pairwise-${identity.subject}`,
      oid: identity.subject,
      tid,
      email: identity.email,
      iss: `${issuer}/${tid}/v2.0`,
    };
  }
  return { sub: identity.subject, email: identity.email, email_verified: identity.emailVerified };
}

/** The shop's environment for the fake at `url` (the variables of apps/cms/src/env.ts). */
export function fakeProviderEnv(url: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, client] of Object.entries(FAKE_CLIENTS)) {
    const prefix = name.toUpperCase();
    Object.assign(env, {
      [`${prefix}_CLIENT_ID`]: client.id,
      [`${prefix}_CLIENT_SECRET`]: client.secret,
      [`${prefix}_AUTHORIZATION_URL`]: `${url}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${url}/token`,
    });
  }
  return {
    ...env,
    GOOGLE_JWKS_URL: `${url}/jwks`,
    GOOGLE_ISSUER: url,
    GOOGLE_APP_CLIENT_IDS: FAKE_APP_CLIENTS.google,
    MICROSOFT_JWKS_URL: `${url}/jwks`,
    // Microsoft's issuer names the customer's tenant: the fake does too.
    MICROSOFT_ISSUER: `${url}/{tenantid}/v2.0`,
    MICROSOFT_APP_CLIENT_IDS: FAKE_APP_CLIENTS.microsoft,
    FACEBOOK_USERINFO_URL: `${url}/userinfo`,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Starts the fake on a free loopback port; answers its address and how to stop it. */
export async function startFakeProvider(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const { port } = server.address();
  const url = `http://127.0.0.1:${port}`;
  server.issuer.url = url;

  // Who signs in (or refuses) at the next /authorize of each provider; then who each code and access token is.
  const next = new Map<FakeProviderName, FakeIdentity | "refuse">();
  const byCode = new Map<string, { provider: FakeProviderName; identity: FakeIdentity }>();
  const byAccessToken = new Map<string, { provider: FakeProviderName; identity: FakeIdentity }>();

  const { service } = server;
  service.addRoute("POST", "/test/next", (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const body = req.body as { provider: FakeProviderName; identity?: FakeIdentity; refuse?: boolean };
    next.set(body.provider, body.refuse ? "refuse" : body.identity!);
    sendJson(res, 200, { ok: true });
  });
  service.addRoute(
    "POST",
    "/test/app-token",
    async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      const body = req.body as { provider: "google" | "microsoft"; identity: FakeIdentity };
      const token = await server.issuer.buildToken({
        scopesOrTransform: (_header, payload) =>
          Object.assign(payload, {
            aud: FAKE_APP_CLIENTS[body.provider],
            ...claimsOf(body.provider, body.identity, url),
          }),
      });
      sendJson(res, 200, { token });
    },
  );

  service.on(
    "beforeAuthorizeRedirect",
    ({ url: back }: { url: URL }, req: IncomingMessage & { query?: Record<string, unknown> }) => {
      const provider = providerOf(req.query?.client_id);
      const who = provider && next.get(provider);
      if (!provider || !who) return;
      next.delete(provider);
      const code = back.searchParams.get("code");
      if (who === "refuse") {
        back.searchParams.delete("code");
        back.searchParams.set("error", "access_denied");
      } else if (code) {
        byCode.set(code, { provider, identity: who });
      }
    },
  );
  service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: Record<string, unknown> }) => {
      const signing = byCode.get(String(req.body?.code));
      if (signing) Object.assign(token.payload, claimsOf(signing.provider, signing.identity, url));
    },
  );
  service.on(
    "beforeResponse",
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const signing = byCode.get(String(req.body?.code));
      if (signing && response.statusCode === 200) byAccessToken.set(String(response.body.access_token), signing);
    },
  );
  // Facebook's Graph API /me: the person behind the access token, as Facebook names the fields.
  service.on("beforeUserinfo", (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const signing = byAccessToken.get(token);
    if (!signing) {
      response.statusCode = 401;
      response.body = { error: { message: "Invalid OAuth access token", type: "OAuthException" } };
      return;
    }
    response.body = { id: signing.identity.subject, email: signing.identity.email };
  });

  return { url, stop: () => server.stop() };
}

/** What a test tells the fake at `url` (the global setup's `oidcUrl`). */
export function fakeProvider(url: string) {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`The fake provider refused ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return {
    /** The next sign-in at `provider` is `identity`. */
    signsInNext: (provider: FakeProviderName, identity: FakeIdentity) => post("/test/next", { provider, identity }),
    /** The next sign-in at `provider` ends with the customer saying no (error=access_denied). */
    refusesNext: (provider: FakeProviderName) => post("/test/next", { provider, refuse: true }),
    /** An ID token the company's app would get natively for `identity`. */
    appToken: async (provider: "google" | "microsoft", identity: FakeIdentity) =>
      String((await post("/test/app-token", { provider, identity })).token),
  };
}
