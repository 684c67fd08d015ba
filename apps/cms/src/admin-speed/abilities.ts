import type { Core } from "@strapi/strapi";

/**
 * Strapi works out a member of staff's permissions afresh on every admin request: it reads every
 * permission of their roles (295 rows for a super admin with the shop's content types) and builds a
 * CASL ability from them, before the request does its own work. With the panel making a dozen
 * requests per screen, that was most of a screen's time (decision 041's figures). The ability is
 * kept per member of staff and their roles instead, dropped as soon as a role, a permission or an
 * admin user is written in this process, and after TTL_MS at most, so a change made by another CMS
 * process (several behind a load balancer) counts within that time.
 */

const TTL_MS = 10_000;
const MAX_ENTRIES = 200;

interface AdminUser {
  id: number | string;
  roles?: { id: number | string }[];
}

interface PermissionEngine {
  generateUserAbility(user: AdminUser): Promise<unknown>;
}

/** The engine's own function, kept on the wrapper: the engine is a module-level object that outlives a Strapi (tests boot several). */
const ORIGINAL = Symbol.for("imperfecta.generateUserAbility");

type Generate = PermissionEngine["generateUserAbility"] & { [ORIGINAL]?: PermissionEngine["generateUserAbility"] };

const abilities = new Map<string, { ability: Promise<unknown>; expires: number }>();

/** Forgets every kept ability (a role or permission changed). */
export function forgetStaffAbilities(): void {
  abilities.clear();
}

function keyOf(user: AdminUser): string {
  const roles = (user.roles ?? []).map((role) => String(role.id)).sort();
  return `${String(user.id)}:${roles.join(",")}`;
}

/** Registers the cache (Strapi's bootstrap phase: the admin's services exist). */
export function keepStaffAbilities(strapi: Core.Strapi, now: () => number = Date.now): void {
  const engine = (strapi.service("admin::permission") as unknown as { engine?: PermissionEngine } | undefined)?.engine;
  // Another Strapi version may build abilities elsewhere: then every request works them out, as before.
  if (typeof engine?.generateUserAbility !== "function") {
    strapi.log.warn("Staff abilities are not kept: Strapi's permission engine was not found.");
    return;
  }
  const current = engine.generateUserAbility as Generate;
  const original = current[ORIGINAL] ?? current.bind(engine);
  forgetStaffAbilities();
  const cached: Generate = (user: AdminUser) => {
    const key = keyOf(user);
    const kept = abilities.get(key);
    if (kept && kept.expires > now()) return kept.ability;
    if (abilities.size >= MAX_ENTRIES) abilities.clear();
    const ability = original(user);
    abilities.set(key, { ability, expires: now() + TTL_MS });
    // A failed build is not kept: the next request tries again.
    ability.catch(() => abilities.delete(key));
    return ability;
  };
  cached[ORIGINAL] = original;
  engine.generateUserAbility = cached;

  // Any write to who may do what, in this process, takes effect at the next request.
  strapi.db.lifecycles.subscribe({
    models: ["admin::permission", "admin::role", "admin::user"],
    afterCreate: forgetStaffAbilities,
    afterCreateMany: forgetStaffAbilities,
    afterUpdate: forgetStaffAbilities,
    afterUpdateMany: forgetStaffAbilities,
    afterDelete: forgetStaffAbilities,
    afterDeleteMany: forgetStaffAbilities,
  });
}
