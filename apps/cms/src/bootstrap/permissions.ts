import type { Core } from "@strapi/strapi";
import { PUBLIC_READ_ACTIONS } from "../catalogue/collections";
import { CONTENT_TYPES } from "../content-types";

interface RoleRecord {
  id: number;
  type: string;
}

interface PermissionRecord {
  action: string;
}

const ROLE_TYPES = ["public", "authenticated"] as const;

/**
 * Visitors and signed-in customers may read the catalogue and public content (and nothing else is
 * granted here: writes stay with staff). Adds the missing permissions only, so it is idempotent and
 * keeps whatever staff changed in the admin panel for other actions. Returns how many were added.
 */
export async function grantPublicReads(strapi: Core.Strapi): Promise<number> {
  const roles = (await strapi.db.query(CONTENT_TYPES.userRole).findMany({
    where: { type: { $in: [...ROLE_TYPES] } },
  })) as RoleRecord[];
  let added = 0;
  for (const role of roles) {
    const existing = (await strapi.db.query(CONTENT_TYPES.userPermission).findMany({
      where: { role: role.id, action: { $in: [...PUBLIC_READ_ACTIONS] } },
      select: ["action"],
    })) as PermissionRecord[];
    const have = new Set(existing.map((permission) => permission.action));
    for (const action of PUBLIC_READ_ACTIONS) {
      if (have.has(action)) continue;
      await strapi.db.query(CONTENT_TYPES.userPermission).create({ data: { action, role: role.id } });
      added++;
    }
  }
  return added;
}
