import type { Core } from "@strapi/strapi";
import { describe, expect, it } from "vitest";
import { keepStaffAbilities } from "../src/admin-speed/abilities";

/** A Strapi with only what the cache touches: the admin's permission engine and the lifecycles. */
function fakeStrapi() {
  let built = 0;
  const engine = {
    generateUserAbility: (user: { id: number; roles?: { id: number }[] }) =>
      Promise.resolve({ user: user.id, build: ++built }),
  };
  const subscribers: Record<string, () => void>[] = [];
  const strapi = {
    service: () => ({ engine }),
    db: { lifecycles: { subscribe: (subscriber: Record<string, () => void>) => subscribers.push(subscriber) } },
    log: { warn: () => undefined },
  } as unknown as Core.Strapi;
  return { strapi, engine, builds: () => built, write: (event: string) => subscribers.forEach((s) => s[event]?.()) };
}

describe("staff abilities kept between admin requests (decision 041)", () => {
  const staff = { id: 1, roles: [{ id: 1 }] };

  it("builds a member of staff's ability once, again after ten seconds or when their roles differ", async () => {
    let now = 0;
    const fake = fakeStrapi();
    keepStaffAbilities(fake.strapi, () => now);
    const first = await fake.engine.generateUserAbility(staff);
    expect(await fake.engine.generateUserAbility(staff)).toBe(first);
    expect(fake.builds()).toBe(1);
    await fake.engine.generateUserAbility({ id: 1, roles: [{ id: 2 }] });
    expect(fake.builds()).toBe(2);
    now = 10_001;
    expect(await fake.engine.generateUserAbility(staff)).not.toBe(first);
    expect(fake.builds()).toBe(3);
  });

  it("forgets every kept ability when a role, a permission or an admin user is written", async () => {
    const fake = fakeStrapi();
    keepStaffAbilities(fake.strapi, () => 0);
    await fake.engine.generateUserAbility(staff);
    for (const event of ["afterCreate", "afterUpdate", "afterDeleteMany"]) {
      fake.write(event);
      await fake.engine.generateUserAbility(staff);
    }
    expect(fake.builds()).toBe(4);
  });

  it("wraps Strapi's own function once, however many times Strapi boots in one process", async () => {
    const fake = fakeStrapi();
    keepStaffAbilities(fake.strapi, () => 0);
    keepStaffAbilities(fake.strapi, () => 0);
    await fake.engine.generateUserAbility(staff);
    await fake.engine.generateUserAbility(staff);
    expect(fake.builds()).toBe(1);
  });
});
