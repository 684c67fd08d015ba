import { QUERY_LIMITS } from "../src/http/query-limits";
import { getEnv } from "../src/env";
import { bodyParserErrors } from "../src/http/body-errors";

export default () => {
  const env = getEnv();
  return [
    // Health checks first: they must answer even when something later in the chain is slow.
    "global::health",
    // Before anything reads ctx.request.ip (logs, rate limits).
    "global::client-ip",
    "strapi::logger",
    "strapi::errors",
    // Inside strapi::errors: a request failing because PostgreSQL is down or restarting is answered
    // 503 with Retry-After, not 500 or 401 (docs/decisions/048).
    "global::database-unavailable",
    "global::methods",
    "global::admin-registration",
    "strapi::security",
    {
      name: "strapi::cors",
      config: {
        // The storefront calls the CMS server-to-server; browsers only reach it for the admin panel
        // and OAuth redirects, so only our own origins are allowed.
        origin: [new URL(env.publicUrl).origin, new URL(env.storefrontUrl).origin],
        credentials: true,
      },
    },
    // No "strapi::poweredBy": the server's name only helps an attacker pick exploits.
    // The limits of the spec (depth 5, arrays of 20, 1000 parameters); past them qs throws and the
    // guard right after answers 400.
    { name: "strapi::query", config: QUERY_LIMITS },
    "global::query-guard",
    // Around the body parser: a broken body answers 400, and a body nested past reason too.
    "global::body-guard",
    // DELETE too: DELETE /users/me takes a body (the password and a confirmation, docs/decisions/013).
    // includeUnparsed keeps each body as received (under Symbol.for("unparsedBody")): payment
    // gateways sign the bytes they send, not what a parser makes of them (src/api/payment).
    // onError: a body that does not parse is the client's 400 (413 when too large), not a server
    // error logged with its stack (src/http/body-errors.ts).
    {
      name: "strapi::body",
      config: {
        parsedMethods: ["POST", "PUT", "PATCH", "DELETE"],
        includeUnparsed: true,
        onError: bodyParserErrors(() => strapi.log),
      },
    },
    "global::body-shape",
    "strapi::session",
    "strapi::favicon",
    "strapi::public",
  ];
};
