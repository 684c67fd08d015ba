import { describe, expect, it } from "vitest";
import { CUSTOM_AMOUNT, type FormValues } from "./fields";
import { formValuesOfPurchase, purchaseBodyOf } from "./form.server";

const typed: FormValues = {
  amount: "2490",
  customAmount: "",
  design: "basket",
  recipientName: " Lucía ",
  recipientEmail: "Lucia@Example.test",
  recipientLocale: "pt",
  message: "",
  senderName: "Andreu",
  when: "now",
  sendOn: "2030-01-01",
  buyerEmail: "andreu@example.test",
};

describe("the gift card form's body", () => {
  it("sends the chosen amount in cents, no sending day for 'now', and the page's language", () => {
    expect(purchaseBodyOf(typed, "ca")).toEqual({
      ok: true,
      body: {
        amount: 2490,
        design: "basket",
        recipientName: "Lucía",
        recipientEmail: "lucia@example.test",
        recipientLocale: "pt",
        message: null,
        senderName: "Andreu",
        buyerEmail: "andreu@example.test",
        sendOn: null,
        locale: "ca",
      },
    });
  });

  it("reads a typed amount in euros, with a comma too, and the day when one is chosen", () => {
    const result = purchaseBodyOf({ ...typed, amount: CUSTOM_AMOUNT, customAmount: "35,5", when: "date" }, "es");
    expect(result).toMatchObject({ ok: true, body: { amount: 3550, sendOn: "2030-01-01" } });
  });

  it("puts each problem beside its field, with its limit", () => {
    const result = purchaseBodyOf(
      {
        ...typed,
        amount: CUSTOM_AMOUNT,
        customAmount: "forty",
        recipientEmail: "lucia",
        senderName: "x".repeat(81),
        when: "date",
        sendOn: "2030-02-30",
        design: "neon",
      },
      "es",
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        amount: { code: "invalidAmount" },
        recipientEmail: { code: "invalidEmail" },
        senderName: { code: "tooLong", max: 80 },
        sendOn: { code: "invalidDate" },
        design: { code: "invalidChoice" },
      },
    });
  });

  it("gives a kept purchase back as the form was filled: an offered amount as its button, another as typed", () => {
    const purchase = {
      state: "failed" as const,
      amount: 4000,
      design: "orchard" as const,
      recipientName: "Lucía",
      recipientEmail: "lucia@example.test",
      recipientLocale: "pt" as const,
      message: null,
      senderName: "Andreu",
      buyerEmail: "andreu@example.test",
      sendOn: "2030-01-01",
      sentAt: null,
    };
    expect(formValuesOfPurchase(purchase, [4000])).toMatchObject({ amount: "4000", when: "date", message: "" });
    expect(formValuesOfPurchase(purchase, [2490])).toMatchObject({ amount: CUSTOM_AMOUNT, customAmount: "40" });
  });
});
