/** Small fetch helpers for the integration tests. */

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJson<T = unknown>(url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the assertion on the body shows the text.
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

export function postJson<T = unknown>(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return getJson<T>(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(payload),
  });
}

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** Strapi's error shape, with the status in the body equal to the HTTP status. */
export function expectErrorShape(response: JsonResponse, status: number): ErrorBody {
  const body = response.body as ErrorBody;
  if (response.status !== status) {
    throw new Error(`expected HTTP ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  if (body?.data !== null || body.error?.status !== status || typeof body.error.name !== "string") {
    throw new Error(`not Strapi's error shape: ${JSON.stringify(response.body)}`);
  }
  return body;
}

/** The refusal's code: `details.code` of an account call, else the first field error's message. */
export function errorCode(body: unknown): string | undefined {
  const details = (body as ErrorBody).error.details as { code?: string; errors?: { message: string }[] };
  return details.code ?? details.errors?.[0]?.message;
}
