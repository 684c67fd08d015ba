import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatGiftCardCode } from "@shop/domain/gift-cards";
import { createGiftCard, findGiftCardByCode, issueGiftCard } from "../src/gift-cards/cards";
import { balanceOf, ledgerOf, recordMovement } from "../src/gift-cards/ledger";
import { CONTENT_TYPES } from "../src/content-types";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// Gift cards' ledger (docs/decisions/033) on the real database: the balance is the sum of the
// ledger, concurrent spends never take more than the card holds, a cancelled order gets back what
// it spent, and a repeated operation adds nothing.
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const card = {
  buyerEmail: "buyer@example.test",
  senderName: "Marta",
  recipientName: "Joan",
  recipientEmail: "joan@example.test",
  recipientLocale: "ca" as const,
  message: "Per a la teva cuina",
  design: "oranges",
  sendOn: null,
};

async function paidCard(amount: number) {
  const made = await createGiftCard(app.strapi, { ...card, amount });
  const issued = await issueGiftCard(app.strapi, made.id, { paymentKey: `pay-${made.id}` });
  expect(issued).toMatchObject({ ok: true, balance: amount, recorded: true });
  return made;
}

const spend = (giftCardId: number, amount: number, orderId: number, key = `order:${orderId}`) =>
  recordMovement(app.strapi, giftCardId, {
    kind: "spent",
    amount: -amount,
    orderId,
    idempotencyKey: key,
    actor: "customer",
  });

describe("gift cards", () => {
  it("keeps only the code's hash and last four characters, and finds a paid card by its code however it is typed", async () => {
    const { id, code } = await createGiftCard(app.strapi, { ...card, amount: 3000 });
    const row = (await app.strapi.db.query(CONTENT_TYPES.giftCard).findOne({ where: { id } })) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.codeTail).toBe(code.slice(-4));
    expect(row.state).toBe("pending_payment");
    // Unpaid, it has no balance, nothing can be spent from it, and its code finds nothing.
    expect(await balanceOf(app.strapi, id)).toBe(0);
    expect(await spend(id, 100, 1)).toMatchObject({ ok: false, refusal: "not_issued" });
    expect(await findGiftCardByCode(app.strapi, code)).toBeNull();
    await issueGiftCard(app.strapi, id, { paymentKey: `pay-${id}` });
    expect(await findGiftCardByCode(app.strapi, ` ${formatGiftCardCode(code).toLowerCase()} `)).toMatchObject({ id });
    expect(await findGiftCardByCode(app.strapi, `${code.slice(0, -1)}${code.endsWith("2") ? "3" : "2"}`)).toBeNull();
    expect(await findGiftCardByCode(app.strapi, "not a code")).toBeNull();
  });

  it("is issued once however often its payment is confirmed", async () => {
    const { id } = await paidCard(2500);
    expect(await issueGiftCard(app.strapi, id, { paymentKey: `pay-${id}` })).toMatchObject({
      ok: true,
      recorded: false,
      balance: 2500,
    });
    expect(await ledgerOf(app.strapi, id)).toHaveLength(1);
    const row = (await app.strapi.db.query(CONTENT_TYPES.giftCard).findOne({ where: { id } })) as { state: string };
    expect(row.state).toBe("active");
  });

  it("50 orders spending one card at once never take more than its balance, and the ledger sums to it", async () => {
    const { id } = await paidCard(5000);
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => spend(id, 300, 10_000 + index)));
    const taken = results.filter((result) => result.ok && result.recorded);
    // 5000 / 300: sixteen spends fit, the seventeenth would go below zero.
    expect(taken).toHaveLength(16);
    expect(
      results.filter((result) => !result.ok).every((result) => !result.ok && result.refusal === "exceeds_balance"),
    ).toBe(true);
    const ledger = await ledgerOf(app.strapi, id);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(200);
    expect(await balanceOf(app.strapi, id)).toBe(200);
  });

  it("a retried spend adds nothing; a cancelled order gets back exactly what it spent, once", async () => {
    const { id } = await paidCard(4000);
    expect(await spend(id, 1500, 77)).toMatchObject({ ok: true, recorded: true, balance: 2500 });
    expect(await spend(id, 1500, 77)).toMatchObject({ ok: true, recorded: false, balance: 2500 });
    // The same key with another amount, or on another card, is no retry: refused, never "done".
    expect(await spend(id, 2000, 77)).toMatchObject({ ok: false, refusal: "key_conflict" });
    const other = await paidCard(1000);
    expect(await spend(other.id, 500, 77, "order:77")).toMatchObject({ ok: false, refusal: "key_conflict" });
    expect(await balanceOf(app.strapi, other.id)).toBe(1000);
    const restore = (amount: number, key: string) =>
      recordMovement(app.strapi, id, { kind: "restored", amount, orderId: 77, idempotencyKey: key, actor: "job" });
    expect(await restore(1600, "cancel:77")).toMatchObject({ ok: false, refusal: "exceeds_spent" });
    expect(await restore(1500, "cancel:77")).toMatchObject({ ok: true, recorded: true, balance: 4000 });
    expect(await restore(1500, "cancel:77")).toMatchObject({ ok: true, recorded: false, balance: 4000 });
    expect(await restore(1500, "refund:77")).toMatchObject({ ok: false, refusal: "exceeds_spent" });
  });

  it("staff adjust with a reason and void what is left; nothing moves after a void", async () => {
    const { id } = await paidCard(2000);
    const staff = (kind: "adjusted" | "voided", amount: number, key: string) =>
      recordMovement(app.strapi, id, { kind, amount, idempotencyKey: key, actor: "staff", reason: "Customer service" });
    expect(await staff("adjusted", -2500, "adjust:1")).toMatchObject({ ok: false, refusal: "exceeds_balance" });
    expect(await staff("adjusted", 500, "adjust:2")).toMatchObject({ ok: true, balance: 2500 });
    expect(await staff("voided", -2500, "void:1")).toMatchObject({ ok: true, balance: 0 });
    expect(await spend(id, 100, 90)).toMatchObject({ ok: false, refusal: "voided" });
    const row = (await app.strapi.db.query(CONTENT_TYPES.giftCard).findOne({ where: { id } })) as { state: string };
    expect(row.state).toBe("voided");
    const entries = (await app.strapi.db
      .query(CONTENT_TYPES.giftCardEntry)
      .findMany({ where: { giftCardId: id }, orderBy: { id: "asc" } })) as { kind: string; reason: string | null }[];
    expect(entries.map((entry) => [entry.kind, entry.reason])).toEqual([
      ["issued", null],
      ["adjusted", "Customer service"],
      ["voided", "Customer service"],
    ]);
  });
});
