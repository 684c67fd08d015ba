import { randomUUID } from "node:crypto";

export interface TestCustomer {
  readonly email: string;
  readonly password: string;
  readonly jwt: string;
}

/** A fresh customer registered through the CMS's public registration endpoint (at `email` if given). */
export async function registerCustomer(
  cmsUrl: string,
  { email: chosen }: { email?: string } = {},
): Promise<TestCustomer> {
  const id = randomUUID().slice(0, 8);
  const email = chosen ?? `e2e-${id}@example.test`;
  const password = `Secret-${id}-pass`;
  const response = await fetch(`${cmsUrl}/api/auth/local/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { jwt: string };
  return { email, password, jwt: body.jwt };
}

export const SESSION_COOKIE = "shop_session";
