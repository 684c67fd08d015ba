import { describe, expect, it } from "vitest";
import { fieldRefusal, useFakeCms } from "../../tests/fake-cms";
import { visitOf } from "../../tests/visit";
import { staffAction } from "./staff.server";
import { giftCardStaffTextsFor } from "./staff-texts";

// Staff's gift card forms (routes/admin-gift-cards.tsx): what a refused adjustment or void answers.

const cms = useFakeCms();

const post = (fields: [string, string][]) =>
  visitOf(
    new Request("http://shop.test/admin/gift-cards?card=7", { method: "POST", body: new URLSearchParams(fields) }),
  );

describe("staff's refused gift card forms", () => {
  it("a void without its box ticked asks for the void form's own fields, not an amount", async () => {
    const answer = await staffAction(
      post([
        ["intent", "void"],
        ["card", "7"],
        ["reason", ""],
        ["key", "k1"],
      ]),
    );
    expect(answer).toEqual({ ok: false, code: "voidInvalid" });
    expect(cms.calls).toEqual([]);
  });

  it("a void the CMS refuses (no reason) asks for the same", async () => {
    cms.otherwise(() => fieldRefusal({ reason: "required" }));
    const answer = await staffAction(
      post([
        ["intent", "void"],
        ["card", "7"],
        ["reason", ""],
        ["confirm", "yes"],
        ["key", "k1"],
      ]),
    );
    expect(answer).toEqual({ ok: false, code: "voidInvalid" });
  });

  it("an adjustment without an amount asks for an amount and a reason", async () => {
    const answer = await staffAction(
      post([
        ["intent", "adjust"],
        ["card", "7"],
        ["amount", "abc"],
        ["reason", "x"],
      ]),
    );
    expect(answer).toEqual({ ok: false, code: "invalid" });
  });

  it.each(["es", "ca", "pt"] as const)("words both refusals apart in %s", (locale) => {
    const { refusals } = giftCardStaffTextsFor(locale);
    expect(refusals.voidInvalid).not.toBe(refusals.invalid);
  });
});
