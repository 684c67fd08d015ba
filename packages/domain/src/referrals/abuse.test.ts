import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { doorIdentity, mailboxIdentity, selfReferralReason, type ReferralParty } from "./abuse";

const party = (overrides: Partial<ReferralParty>): ReferralParty => ({
  userId: 1,
  email: "ana@example.com",
  doors: [],
  cardFingerprints: [],
  ...overrides,
});

describe("who may not be rewarded for a referral", () => {
  it("one mailbox however it is written: case, dots and +tags", () => {
    expect(mailboxIdentity(" Ana.Perez+tienda@Gmail.com ")).toBe(mailboxIdentity("anaperez@gmail.com"));
    expect(mailboxIdentity("a.n.a+x+y@example.es")).toBe("ana@example.es");
    expect(mailboxIdentity("ana@googlemail.com")).toBe(mailboxIdentity("ana@gmail.com"));
    expect(mailboxIdentity("ana@example.es")).not.toBe(mailboxIdentity("ana@example.pt"));
  });

  it("one door however the street is written", () => {
    const a = doorIdentity({ line1: "C/ Mallorca, 200 3º-2ª", postcode: "08036" });
    expect(doorIdentity({ line1: "c mallorca 200", line2: "3 2", postcode: " 08036" })).toBe(a);
    expect(doorIdentity({ line1: "Carrer Mallorca 200", postcode: "08036" })).not.toBe(a);
    expect(doorIdentity({ line1: "Rua São João 5", postcode: "4000-123" })).toBe(
      doorIdentity({ line1: "RUA SAO JOAO 5", postcode: "4000-123" }),
    );
  });

  it("names the first way the friend is the referrer, or none", () => {
    const referrer = party({ doors: ["08036:mallorca200"], cardFingerprints: ["fp_1"] });
    expect(selfReferralReason(referrer, party({}))).toBe("same_account");
    expect(selfReferralReason(referrer, party({ userId: 2, email: "A.NA+2@example.com" }))).toBe("same_email");
    expect(selfReferralReason(referrer, party({ userId: 2, email: "b@x.es", doors: ["08036:mallorca200"] }))).toBe(
      "same_address",
    );
    expect(selfReferralReason(referrer, party({ userId: 2, email: "b@x.es", cardFingerprints: ["fp_1"] }))).toBe(
      "same_card",
    );
    expect(selfReferralReason(referrer, party({ userId: 2, email: "b@x.es", doors: ["08001:x1"] }))).toBeNull();
  });

  it("a +tag or dots added to any address never make a new person", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,12}$/),
        fc.stringMatching(/^[a-z0-9]{0,8}$/),
        fc.array(fc.nat({ max: 11 }), { maxLength: 3 }),
        (local, tag, dots) => {
          let written = local;
          for (const at of dots) written = `${written.slice(0, at)}.${written.slice(at)}`;
          const variant = `${written.toUpperCase()}${tag ? `+${tag}` : ""}@Example.com`;
          expect(mailboxIdentity(variant)).toBe(mailboxIdentity(`${local}@example.com`));
        },
      ),
    );
  });
});
