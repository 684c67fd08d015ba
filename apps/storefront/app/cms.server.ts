import { env } from "./env.server";

export interface CmsRequestOptions {
  readonly method?: "GET" | "POST" | "PUT" | "DELETE";
  readonly token?: string | null;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

/** One call to the CMS content API over the private network, with the customer's JWT if any. */
export async function cmsFetch(path: string, options: CmsRequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: "application/json" });
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  return fetch(env.CMS_URL + path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal ?? AbortSignal.timeout(env.CMS_TIMEOUT_MS),
  });
}
