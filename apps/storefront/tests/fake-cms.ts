import { CLIENT_IP_HEADER, ORDER_DRAFT_HEADER } from "@shop/contracts";
import { afterEach, beforeEach, vi } from "vitest";
import { CMS_API_PREFIX } from "../app/cms.server";
import { env } from "../app/env.server";

/**
 * The CMS as the storefront's tests play it: a stub of `fetch` in front of env.CMS_URL, so every
 * module under test goes through the real cmsFetch/cmsCall (headers, retries, the refusal
 * protocol) and only the network is played. Answers come from a route table ("METHOD /path",
 * with or without its query), else from `otherwise`; every call is recorded as the CMS saw it.
 */

/** One call as the CMS received it (the path without /api, with its query). */
export interface CmsCallRecord {
  readonly method: string;
  readonly path: string;
  /** The bearer token, if any. */
  readonly token: string | null;
  /** The visitor's address the storefront vouched for (its client-address header), if any. */
  readonly clientIp: string | null;
  /** The order draft's token header, if any. */
  readonly draft: string | null;
  /** The JSON body, parsed; undefined without one. */
  readonly body: unknown;
  readonly headers: Headers;
}

/** A fixed answer (cloned for each call) or one worked out from the call. */
export type CmsAnswer = Response | ((call: CmsCallRecord) => Response | Promise<Response>);

/** A JSON answer, as the CMS sends them. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/** A refusal as Strapi words it: { data: null, error: { status, name, message, details } }. */
export function cmsError(
  status: number,
  { name = "ApplicationError", message = "refused", details = {}, headers = {} }: CmsErrorOptions = {},
) {
  return json({ data: null, error: { status, name, message, details } }, status, headers);
}

interface CmsErrorOptions {
  readonly name?: string;
  readonly message?: string;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;
}

/** A 400 naming fields: `errors` maps a field (dotted path) to the CMS's message ("tooLong:80", "emailTaken"). */
export const fieldRefusal = (errors: Record<string, string>, status = 400) =>
  cmsError(status, {
    name: "ValidationError",
    message: "The request has invalid fields",
    details: {
      errors: Object.entries(errors).map(([path, message]) => ({
        path: path.split("."),
        message,
        name: "ValidationError",
      })),
    },
  });

/** What answers a call no route and no `otherwise` expects: a status no caller acts on, never retried. */
const unexpected = (call: CmsCallRecord) =>
  cmsError(501, { name: "NotImplementedError", message: `The fake CMS has no answer for ${call.method} ${call.path}` });

export class FakeCms {
  readonly calls: CmsCallRecord[] = [];
  private readonly routes = new Map<string, CmsAnswer>();
  private fallback: CmsAnswer = unexpected;

  /** Answers `route` ("GET /users/me", "PATCH /order-drafts/current", "GET /orders/mine?limit=20"). */
  on(route: `${string} /${string}`, answer: CmsAnswer): this {
    this.routes.set(route, answer);
    return this;
  }

  /** Answers every call no route names. */
  otherwise(answer: CmsAnswer): this {
    this.fallback = answer;
    return this;
  }

  /** The calls to one route ("PATCH /order-drafts/current"). */
  callsTo(route: string): CmsCallRecord[] {
    return this.calls.filter((call) => `${call.method} ${call.path}` === route);
  }

  reset(): void {
    this.calls.length = 0;
    this.routes.clear();
    this.fallback = unexpected;
  }

  /** The stub of fetch: only the CMS's content API is played; any other address fails the test. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // Read as the network would: whatever form the caller used, one Request with its method, headers and body.
    const request = new Request(input, init);
    const url = new URL(request.url);
    const base = new URL(env.CMS_URL + CMS_API_PREFIX);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
      throw new Error(`The fake CMS does not answer ${url.href}`);
    }
    // A call past its deadline never reaches the CMS, as fetch rejects with the signal's reason.
    request.signal.throwIfAborted();
    const pathname = url.pathname.slice(base.pathname.length);
    const text = await request.text();
    const call: CmsCallRecord = {
      method: request.method,
      path: pathname + url.search,
      token: request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? null,
      clientIp: request.headers.get(CLIENT_IP_HEADER),
      draft: request.headers.get(ORDER_DRAFT_HEADER),
      body: text === "" ? undefined : JSON.parse(text),
      headers: request.headers,
    };
    this.calls.push(call);
    const answer = this.routes.get(`${call.method} ${call.path}`) ?? this.routes.get(`${call.method} ${pathname}`);
    return respond(answer ?? this.fallback, call);
  };
}

async function respond(answer: CmsAnswer, call: CmsCallRecord): Promise<Response> {
  if (typeof answer === "function") return answer(call);
  // A fresh copy for each call: a clone shares its stream with the original (a tee), and cancelling
  // one branch, as cmsFetch does before a retry, waits for the other.
  const body = answer.body === null ? null : await answer.clone().arrayBuffer();
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

/**
 * A fake CMS for the test file: fetch is stubbed before each test and given back after it; routes
 * and recorded calls start empty each time.
 */
export function useFakeCms(): FakeCms {
  const cms = new FakeCms();
  beforeEach(() => {
    cms.reset();
    vi.stubGlobal("fetch", vi.fn(cms.fetch));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return cms;
}
