import { describe, expect, it } from "vitest";
import type { ReferralParty } from "./abuse";
import {
  friendCodeRefusal,
  friendDiscount,
  maskedFriendName,
  referralMonthOf,
  REFERRAL_SETTINGS_DEFAULTS,
  rewardDiscount,
} from "./rules";

const party = (overrides: Partial<ReferralParty>): ReferralParty => ({
  userId: 1,
  email: "ana@example.com",
  doors: [],
  cardFingerprints: [],
  ...overrides,
});

describe("refer-a-friend's numbers", () => {
  it("the friend's percentage and the reward, to the cent and never above the goods", () => {
    expect(friendDiscount({ friendPercent: 1500 }, 2200)).toBe(330);
    expect(friendDiscount({ friendPercent: 1500 }, 2203)).toBe(330);
    expect(friendDiscount({ friendPercent: 1500 }, 2210)).toBe(332);
    expect(rewardDiscount({ kind: "amount", value: 1000 }, 2200)).toBe(1000);
    expect(rewardDiscount({ kind: "amount", value: 1000 }, 600)).toBe(600);
    expect(rewardDiscount({ kind: "percent", value: 1000 }, 2200)).toBe(220);
  });

  it("the month of the cap is Madrid's: 23:30 UTC on 31 October is already November there", () => {
    expect(referralMonthOf(new Date("2026-10-31T22:59:00Z"))).toBe("2026-10");
    expect(referralMonthOf(new Date("2026-10-31T23:30:00Z"))).toBe("2026-11");
  });

  it("a friend is shown by first name and initial, or a hint of the mailbox", () => {
    expect(maskedFriendName({ firstName: "Ana María", lastName: "pérez Gil", email: "x@y.es" })).toBe("Ana P.");
    expect(maskedFriendName({ firstName: "Rui", lastName: null, email: "x@y.pt" })).toBe("Rui");
    expect(maskedFriendName({ firstName: " ", lastName: "Soler", email: "jordi@exemple.cat" })).toBe("j…@exemple.cat");
  });

  it("a code gives the friend's discount only to someone else, on their first order, while the shop runs it", () => {
    const referrer = party({ doors: ["08036:mallorca200"], cardFingerprints: ["visa|4242|12/2030"] });
    const friend = party({ userId: 2, email: "bea@example.com" });
    const settings = REFERRAL_SETTINGS_DEFAULTS;
    expect(friendCodeRefusal({ settings, referrer, friend, friendHasOrdered: false })).toBeNull();
    expect(friendCodeRefusal({ settings, referrer, friend, friendHasOrdered: true })).toBe("not_first_order");
    expect(friendCodeRefusal({ settings, referrer: null, friend, friendHasOrdered: false })).toBe("unknown");
    expect(friendCodeRefusal({ settings: { active: false }, referrer, friend, friendHasOrdered: false })).toBe(
      "unknown",
    );
    expect(friendCodeRefusal({ settings, referrer, friend: party({}), friendHasOrdered: false })).toBe("same_account");
    expect(friendCodeRefusal({ settings, referrer, friend: party({}), friendHasOrdered: true })).toBe("same_account");
  });

  it("tells the friend nothing about the code's owner: their mailbox, door or card never change the answer", () => {
    const referrer = party({ doors: ["08036:mallorca200"], cardFingerprints: ["visa|4242|12/2030"] });
    const friend = party({ userId: 2, email: "bea@example.com" });
    const settings = REFERRAL_SETTINGS_DEFAULTS;
    const probes = [
      { ...friend, email: "A.N.A+x@example.com" },
      { ...friend, doors: ["08036:mallorca200"] },
      { ...friend, cardFingerprints: ["visa|4242|12/2030"] },
    ];
    for (const friendHasOrdered of [false, true]) {
      const plain = friendCodeRefusal({ settings, referrer, friend, friendHasOrdered });
      for (const probe of probes) {
        expect(friendCodeRefusal({ settings, referrer, friend: probe, friendHasOrdered })).toBe(plain);
      }
    }
  });
});
