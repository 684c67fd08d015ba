import type { Core } from "@strapi/strapi";
import type { Env } from "../env";
import { CONTENT_TYPES } from "../content-types";

interface AdminUserRecord {
  id: number;
  email: string;
  password?: string | null;
}

interface AdminUserService {
  exists(where?: Record<string, unknown>): Promise<boolean>;
  createFirstAdmin(attributes: {
    email: string;
    firstname: string;
    lastname: string;
    password: string;
  }): Promise<AdminUserRecord>;
}

interface AdminAuthService {
  validatePassword(password: string, hash: string): Promise<boolean>;
}

export type DemoAdminOutcome = "disabled" | "created" | "exists" | "other-admins";

/**
 * Demo mode: make sure staff can sign in to a fresh install, and say how on every start.
 * Uses the admin's own first-admin registration, which locks the super-admin role row, so two
 * CMS processes booting together cannot both create it.
 */
export async function ensureDemoAdmin(strapi: Core.Strapi, env: Env): Promise<DemoAdminOutcome> {
  const { demo, publicUrl } = env;
  if (!demo.enabled) return "disabled";

  const users = strapi.service("admin::user") as unknown as AdminUserService;
  let outcome: DemoAdminOutcome = "exists";

  if (!(await users.exists())) {
    try {
      await users.createFirstAdmin({
        email: demo.email,
        firstname: "Demo",
        lastname: "Staff",
        password: demo.password,
      });
      outcome = "created";
    } catch (error) {
      // Another process created the first admin between our check and our insert.
      if (!(await users.exists())) throw error;
    }
  }

  const demoUser = (await strapi.db.query(CONTENT_TYPES.adminUser).findOne({
    where: { email: demo.email },
    select: ["id", "email", "password"],
  })) as AdminUserRecord | null;

  if (!demoUser) {
    strapi.log.info(`Demo mode: staff accounts already exist (none is ${demo.email}); no demo account created.`);
    return "other-admins";
  }

  const signIn = `sign in at ${publicUrl}/admin`;
  if (!demo.printPassword) {
    strapi.log.info(`Demo staff account: ${demo.email} (password from DEMO_ADMIN_PASSWORD) — ${signIn}`);
    return outcome;
  }
  const auth = strapi.service("admin::auth") as unknown as AdminAuthService;
  const passwordStillValid =
    typeof demoUser.password === "string" && (await auth.validatePassword(demo.password, demoUser.password));
  strapi.log.info(
    passwordStillValid
      ? `Demo staff account: ${demo.email} / ${demo.password} — ${signIn}`
      : `Demo staff account: ${demo.email} (its password was changed in the admin panel) — ${signIn}`,
  );
  return outcome;
}
