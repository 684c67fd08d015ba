import type { Core } from "@strapi/strapi";
import type { Entry } from "../database/documents";
import { uniqueSuffix } from "./unique";
import { CONTENT_TYPES } from "../content-types";

interface UserData {
  username: string;
  email: string;
  /** In plain text: Strapi's user service hashes it, as it does at registration. */
  password: string;
  confirmed: boolean;
  blocked: boolean;
}

interface UserService {
  add(values: Record<string, unknown>): Promise<Entry>;
}

/**
 * A customer: a users-permissions user with the authenticated role, confirmed, not blocked, made
 * by the plugin's own user service (which hashes the password). Returns the stored user and the
 * password in plain text, to sign in with.
 */
export async function createUser(
  strapi: Core.Strapi,
  overrides: Partial<UserData> = {},
): Promise<{ user: Entry; password: string }> {
  const suffix = uniqueSuffix();
  const data: UserData = {
    username: `cliente-${suffix}`,
    email: `cliente-${suffix}@example.com`,
    password: `Fruta-${suffix}-1!`,
    confirmed: true,
    blocked: false,
    ...overrides,
  };
  const role = (await strapi.db
    .query(CONTENT_TYPES.userRole)
    .findOne({ where: { type: "authenticated" }, select: ["id"] })) as { id: number } | null;
  if (!role) throw new Error("The users-permissions plugin has no authenticated role");
  const users = strapi.plugin("users-permissions").service("user") as unknown as UserService;
  // The fields registration sets (provider, lower-case e-mail), so the user signs in as a registered one.
  const user = await users.add({ ...data, email: data.email.toLowerCase(), provider: "local", role: role.id });
  return { user, password: data.password };
}
