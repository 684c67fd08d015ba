import type { Core } from "@strapi/strapi";
import { vi } from "vitest";
import { getJson, postJson, type JsonResponse } from "./http";
import { readOutbox } from "./strapi";

/** A mail of the outbox, decoded enough to read links and codes (quoted-printable soft breaks, =3D). */
export function decodeMail(content: string): string {
  return content.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
}

/**
 * The header fields of an outbox mail, by lower-case name, unfolded (a long field goes on over lines
 * that start with white space, RFC 5322), values as written (encoded words are not decoded). Works
 * on `readOutbox`'s raw content and on `mailsTo`/`waitForMail`'s (whose decoding of the body can
 * join an encoded Subject to the next field, but leaves other fields alone).
 */
export function mailHeaders(mail: string): Map<string, string> {
  const head = mail.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const fields = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

/** Waits for the first mail to `to` that `matches` (account mails go out just after the answer). */
export async function waitForMail(outboxDir: string, to: string, matches: RegExp, timeoutMs = 10_000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    for (const mail of readOutbox(outboxDir)) {
      const text = decodeMail(mail.content);
      if (text.includes(`To: ${to}`) && matches.test(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${to} matching ${matches} within ${timeoutMs} ms`);
}

/** The mails sent to an address so far. */
export function mailsTo(outboxDir: string, to: string): string[] {
  return readOutbox(outboxDir)
    .map((mail) => decodeMail(mail.content))
    .filter((text) => text.includes(`To: ${to}`));
}

export function bearer(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}` };
}

export function send(method: string, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return getJson(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(payload),
  });
}

export interface AuthBody {
  jwt: string;
  user: { id: number; email: string; confirmed: boolean } & Record<string, unknown>;
}

export function authBody(response: JsonResponse): AuthBody {
  if (response.status !== 200)
    throw new Error(`expected 200, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as AuthBody;
}

let counter = 0;

/** An e-mail address no other test uses. */
export function freshEmail(label = "cliente"): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A password the rule accepts. */
export const GOOD_PASSWORD = "Kiwi-Tractor-93!";

export async function registerCustomer(
  api: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const email = freshEmail();
  const response = await postJson(
    `${api}/auth/local/register`,
    { email, password: GOOD_PASSWORD, firstName: "Ana", preferredLocale: "es", ...overrides },
    headers,
  );
  return { email, ...authBody(response) };
}

/**
 * Holds back every `findOne` of the content types `uids` whose `where` names one of `emails`, until
 * `release()`; after `release(error)` they fail with it instead, those made later too, until
 * `restore()`. Shows that a call answers without waiting for what it looks up. `held` counts them.
 */
export function holdLookups(strapi: Core.Strapi, uids: string[], emails: string[]) {
  let open!: (error: Error | undefined) => void;
  const gate = new Promise<Error | undefined>((resolve) => {
    open = resolve;
  });
  let held = 0;
  const original = strapi.db.query.bind(strapi.db);
  const spy = vi.spyOn(strapi.db, "query").mockImplementation(((uid: string) => {
    const repository = original(uid as never);
    if (!uids.includes(uid)) return repository;
    return new Proxy(repository, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== "findOne" || typeof value !== "function") return value;
        return async (params?: { where?: unknown }) => {
          const where = JSON.stringify(params?.where ?? {});
          if (emails.some((email) => where.includes(email))) {
            held += 1;
            const error = await gate;
            if (error) throw error;
          }
          return (value as (params?: unknown) => Promise<unknown>).call(target, params);
        };
      },
    });
  }) as typeof strapi.db.query);
  return {
    get held() {
      return held;
    },
    release(error?: Error) {
      open(error);
    },
    restore() {
      open(undefined);
      spy.mockRestore();
    },
  };
}

/** The promise's value, or an error if it takes longer than `ms` (an answer held back by a lookup). */
export async function answeredWithin<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
