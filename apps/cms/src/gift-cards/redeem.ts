import type { Core } from "@strapi/strapi";
import { MAX_GIFT_CARDS_PER_ORDER, type AccountGiftCards, type AppliedGiftCard } from "@shop/contracts";
import { allocateGiftCards, type SpendableGiftCard } from "@shop/domain/gift-cards";
import type { Cents } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { tableOf, type Sql } from "../database/sql";
import { gateways } from "../payments/gateways";
import { OrderError } from "../ordering/errors";
import { giveBack, takeAllowance } from "../rate-limits/rate-limits";
import { findGiftCardByCode } from "./cards";
import { balanceOf, lockCard, recordMovement, type GiftCardActor } from "./ledger";

/**
 * Gift cards as a means of payment (issue 23, docs/decisions/033): typed at the order flow's summary
 * (kept on the draft, in the order they were added) or added to the customer's account (which
 * renewals spend). What a card pays is worked out here, by the domain's allocateGiftCards, for the
 * summary's preview and again under the cards' locks when the order is written; the browser never
 * says an amount.
 */

/** A card the customer added to a draft (or to their account), and when: cards are spent in that order. */
export interface AddedGiftCard {
  id: number;
  addedAt: string;
  /**
   * The start of the card's code hash when its code was typed: a card whose code staff have since
   * replaced (a resend, ./sending.ts) no longer matches, and the draft cannot spend it by its old
   * code (docs/decisions/040). Absent for account cards (their owner is cleared instead) and for
   * entries stored before it.
   */
  code?: string;
}

/** What a draft row keeps: a typed card, or an account card the customer took out of this order. */
interface StoredGiftCard extends AddedGiftCard {
  /** An account card the customer removed at this draft's summary: not spent on this order. */
  declined?: true;
}

interface CardRow {
  id: number;
  codeTail: string;
  codeHash: string;
  state: string;
  ownerId: number | null;
}

/** How much of the code hash a draft keeps: enough to tell a replaced code, not a lookup key. */
const codeMarkOf = (codeHash: string) => codeHash.slice(0, 16);

/** What a draft row keeps of its cards: anything else stored there (an older shape) is read as none. */
function storedCards(value: unknown): StoredGiftCard[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((each: unknown) => {
    const card = each as Partial<StoredGiftCard> | null;
    if (!card || !Number.isSafeInteger(card.id) || typeof card.addedAt !== "string") return [];
    return [
      {
        id: card.id as number,
        addedAt: card.addedAt,
        ...(typeof card.code === "string" ? { code: card.code } : {}),
        ...(card.declined === true ? { declined: true as const } : {}),
      },
    ];
  });
}

async function storedDraftCards(strapi: Core.Strapi, draftId: number): Promise<StoredGiftCard[]> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.orderDraft)
    .findOne({ where: { id: draftId }, select: ["giftCards"] })) as { giftCards: unknown } | null;
  return storedCards(row?.giftCards);
}

/**
 * The cards a draft's order spends, in the order they were added: the codes typed at its summary
 * and, for a signed-in customer, the cards kept in their account (added when they were kept there),
 * but those the customer took out of this order at the summary (docs/decisions/040).
 */
export async function draftGiftCardsOf(
  strapi: Core.Strapi,
  draftId: number,
  {
    userId,
    readWithDraft,
  }: {
    userId: number | null;
    /** The draft's gift-card column as its caller read it with the draft (openDraft): not read again. */
    readWithDraft?: unknown;
  },
): Promise<AddedGiftCard[]> {
  const stored = readWithDraft === undefined ? await storedDraftCards(strapi, draftId) : storedCards(readWithDraft);
  const typed = stored.filter((card) => card.declined !== true).map(({ declined: _declined, ...card }) => card);
  const left = new Set(stored.map((card) => card.id));
  const owned = userId === null ? [] : await ownedCards(strapi, userId);
  const kept = [];
  for (const row of owned) {
    // An account card spent to 0 stays in the account (its history) but is not offered at the summary.
    if (!left.has(row.id) && (await balanceOf(strapi, row.id)) > 0) kept.push({ id: row.id, addedAt: addedAtOf(row) });
  }
  return [...typed, ...kept].sort((a, b) => Date.parse(a.addedAt) - Date.parse(b.addedAt) || a.id - b.id);
}

/**
 * The least a payment may be (the active gateway's minimum: Stripe's 50 cents): the cards pay less
 * rather than leave a due no gateway charges (docs/decisions/038).
 */
const minimumCharge = (): Cents => gateways().active.minimumAmount;

/** The draft's row lock for the rest of the caller's transaction (SQLite writes one at a time). */
async function lockDraftRow(strapi: Core.Strapi, sql: Sql, draftId: number): Promise<void> {
  if (strapi.db.dialect.client !== "postgres") return;
  await sql(tableOf(strapi, CONTENT_TYPES.orderDraft).name).where("id", draftId).forUpdate().select("id");
}

/** Whether `userId` may spend the card: a card kept in an account is its owner's only. */
const mayUse = (card: { ownerId: number | null }, userId: number | null): boolean =>
  card.ownerId === null || (userId !== null && Number(card.ownerId) === userId);

async function saveDraftGiftCards(strapi: Core.Strapi, draftId: number, cards: StoredGiftCard[]): Promise<void> {
  await strapi.db.query(CONTENT_TYPES.orderDraft).update({ where: { id: draftId }, data: { giftCards: cards } });
}

/**
 * The active card a typed code stands for. Every wrong code counts against the client address's
 * allowance (429 once used up), the one the balance check counts on, so that a guesser cannot spread
 * their tries over both; every failure is the same gift_card_invalid on ["code"].
 */
async function cardOfTypedCode(
  strapi: Core.Strapi,
  { code, clientAddress, userId }: { code: string; clientAddress: string; userId: number | null },
): Promise<CardRow> {
  await takeAllowance("giftCardCodesPerAddress", clientAddress);
  const found = await findGiftCardByCode(strapi, code);
  const card =
    found === null
      ? null
      : ((await strapi.db.query(CONTENT_TYPES.giftCard).findOne({
          where: { id: found.id },
          select: ["id", "codeTail", "codeHash", "state", "ownerId"],
        })) as CardRow | null);
  // Another account's card is a wrong code, and keeps the try's point: guessing codes of account
  // cards costs as much as guessing any.
  if (card === null || !mayUse(card, userId)) throw new OrderError("gift_card_invalid", ["code"]);
  // Taken first and given back for a real code, so that parallel guesses are counted all the same.
  await giveBack("giftCardCodesPerAddress", clientAddress);
  return card;
}

/**
 * Cards, read with their balances (a card no longer active has nothing to spend); a card typed by a
 * code that staff have replaced since is left out, as if it had never been added.
 */
async function spendable(strapi: Core.Strapi, added: readonly AddedGiftCard[]) {
  if (added.length === 0) return [];
  const rows = (await strapi.db.query(CONTENT_TYPES.giftCard).findMany({
    where: { id: { $in: added.map((card) => card.id) } },
    select: ["id", "codeTail", "codeHash", "state", "ownerId"],
  })) as CardRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cards = [];
  for (const card of added) {
    const row = byId.get(card.id);
    if (!row) continue;
    if (card.code !== undefined && card.code !== codeMarkOf(row.codeHash)) continue;
    const balance = row.state === "active" ? await balanceOf(strapi, card.id) : 0;
    cards.push({ id: card.id, tail: row.codeTail, ownerId: row.ownerId, balance, addedAt: new Date(card.addedAt) });
  }
  return cards;
}

/** What the summary shows: each card with what it pays of `total` now, and what is left to pay. */
export async function previewGiftCards(
  strapi: Core.Strapi,
  added: readonly AddedGiftCard[],
  total: Cents,
): Promise<{ giftCards: AppliedGiftCard[]; amountDue: Cents }> {
  const cards = await spendable(strapi, added);
  const { spends, remaining } = allocateGiftCards(cards, total, { minimumCharge: minimumCharge() });
  const applied = new Map(spends.map((spend) => [spend.id, spend.amount]));
  return {
    giftCards: cards.map((card) => ({ tail: card.tail, balance: card.balance, applied: applied.get(card.id) ?? 0 })),
    amountDue: remaining,
  };
}

/**
 * POST /order-drafts/current/gift-cards: the card of a typed code joins the draft, after the ones
 * added before. A card already in the draft stays where it was. 400 gift_card_invalid, 409
 * too_many_gift_cards, 429 past the allowance of tries.
 */
export async function addGiftCardToDraft(
  strapi: Core.Strapi,
  {
    draftId,
    userId,
    code,
    clientAddress,
    now,
  }: { draftId: number; userId: number | null; code: string; clientAddress: string; now: Date },
): Promise<void> {
  const card = await cardOfTypedCode(strapi, { code, clientAddress, userId });
  // Read and written under the draft's lock: two adds at once neither lose one nor pass the limit.
  await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockDraftRow(strapi, trx, draftId);
    const stored = await storedDraftCards(strapi, draftId);
    const code = codeMarkOf(card.codeHash);
    // Typed again by its current code: an account card the customer took out comes back, a card
    // typed by a replaced code is replaced.
    const others = stored.filter((each) => each.id !== card.id);
    const before = stored.find((each) => each.id === card.id);
    if (before !== undefined && before.declined !== true && (before.code ?? code) === code) return;
    const inOrder = await draftGiftCardsOf(strapi, draftId, { userId });
    if (inOrder.filter((each) => each.id !== card.id).length >= MAX_GIFT_CARDS_PER_ORDER) {
      throw new OrderError("too_many_gift_cards", ["code"], { status: 409 });
    }
    // An account card keeps its place (when it was kept); a typed one goes after the others.
    const addedAt = before?.declined === true ? before.addedAt : now.toISOString();
    await saveDraftGiftCards(strapi, draftId, [...others, { id: card.id, addedAt, code }]);
  });
}

/**
 * DELETE /order-drafts/current/gift-cards/:tail: the draft's card(s) ending so leave it; nothing else
 * changes. An account card stays in the account: it is only taken out of this order.
 */
export async function removeGiftCardFromDraft(
  strapi: Core.Strapi,
  { draftId, userId, tail }: { draftId: number; userId: number | null; tail: string },
): Promise<void> {
  await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockDraftRow(strapi, trx, draftId);
    const stored = await storedDraftCards(strapi, draftId);
    const rows = await spendable(strapi, await draftGiftCardsOf(strapi, draftId, { userId }));
    const leaving = rows.filter((row) => row.tail === tail.toUpperCase());
    if (leaving.length === 0) return;
    // A card kept in the account would come back from it: it is marked as taken out of this order.
    const declined = leaving
      .filter((row) => userId !== null && row.ownerId !== null && Number(row.ownerId) === userId)
      .map((row) => ({ id: row.id, addedAt: row.addedAt.toISOString(), declined: true as const }));
    const gone = new Set(leaving.map((row) => row.id));
    await saveDraftGiftCards(strapi, draftId, [...stored.filter((card) => !gone.has(card.id)), ...declined]);
  });
}

/** The idempotency key of an order's spend of a card: one per order and card, whoever retries. */
const spendKeyOf = (orderId: number, giftCardId: number) => `order:${orderId}:spend:${giftCardId}`;
const restoreKeyOf = (orderId: number, giftCardId: number) => `order:${orderId}:restore:${giftCardId}`;

/**
 * Inside the order's transaction: the cards are locked (in id order, so that two orders sharing cards
 * cannot deadlock), read again, spent in the order they were added, and the order's `giftCardsPaid`
 * set. What is left to pay; when `expectedDue` is given and the balances moved since the summary
 * (another order spent a card meanwhile), 409 price_changed, and the caller's transaction is undone.
 */
export async function spendGiftCardsOnOrder(
  strapi: Core.Strapi,
  sql: Sql,
  {
    orderId,
    userId,
    cards,
    total,
    expectedDue,
    actor,
  }: {
    orderId: number;
    /** Whose order: a card kept in another account is refused (gift_card_invalid). */
    userId: number;
    cards: readonly AddedGiftCard[];
    total: Cents;
    expectedDue?: Cents;
    actor: GiftCardActor;
  },
): Promise<{ paid: Cents; remaining: Cents }> {
  if (cards.length === 0) return { paid: 0, remaining: total };
  for (const id of [...new Set(cards.map((card) => card.id))].sort((a, b) => a - b)) {
    await lockCard(strapi, sql, id);
  }
  const rows = await spendable(strapi, cards);
  // Added before another account took it: the card is not this customer's to spend any more.
  if (rows.some((row) => !mayUse(row, userId))) throw new OrderError("gift_card_invalid", ["code"]);
  const readable: SpendableGiftCard[] = rows;
  const { spends, remaining } = allocateGiftCards(readable, total, { minimumCharge: minimumCharge() });
  if (expectedDue !== undefined && remaining !== expectedDue) {
    throw new OrderError("price_changed", ["expectedDue"], {
      status: 409,
      message: `The summary left ${expectedDue} cents to pay after the gift cards; now ${remaining}`,
    });
  }
  for (const spend of spends) {
    const result = await recordMovement(strapi, spend.id, {
      kind: "spent",
      amount: -spend.amount,
      idempotencyKey: spendKeyOf(orderId, spend.id),
      orderId,
      actor,
    });
    // Read under the lock a moment ago: a refusal now is a bug, and the order must not be written.
    if (!result.ok) throw new Error(`Gift card ${spend.id} refused the spend of order ${orderId}: ${result.refusal}`);
  }
  const paid = total - remaining;
  await strapi.db.query(CONTENT_TYPES.order).update({ where: { id: orderId }, data: { giftCardsPaid: paid } });
  return { paid, remaining };
}

/**
 * Gives an order's cards back what it took of them and has not had back: all of it when the order
 * is cancelled (never delivered: `restoreKeyOf`, once however often replayed), or `upTo` cents when
 * staff give back part of the card payment (keyed by their refund's key, so a retried request adds
 * nothing). Under the cards' locks, in id order; the order's `giftCardsRestored` follows the ledger.
 * A card voided since keeps its void: logged for staff. What this call gave back.
 */
export async function restoreGiftCardsOfOrder(
  strapi: Core.Strapi,
  orderId: number,
  { upTo, key, actor = "job" }: { upTo?: Cents; key?: string; actor?: GiftCardActor } = {},
): Promise<Cents> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const entriesOf = async () =>
      (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
        where: { orderId, kind: { $in: ["spent", "restored"] } },
        select: ["giftCardId", "amount"],
      })) as { giftCardId: number; amount: number }[];
    const ids = [...new Set((await entriesOf()).map((entry) => Number(entry.giftCardId)))].sort((x, y) => x - y);
    for (const id of ids) await lockCard(strapi, trx, id);
    // Read again under the locks: spent entries are negative, restored positive; the sum is owed back.
    const entries = await entriesOf();
    let left = upTo ?? Number.MAX_SAFE_INTEGER;
    let restored = 0;
    for (const giftCardId of ids) {
      const owed = -entries
        .filter((entry) => Number(entry.giftCardId) === giftCardId)
        .reduce((sum, entry) => sum + Number(entry.amount), 0);
      const amount = Math.min(owed, left);
      if (amount <= 0) continue;
      const result = await recordMovement(strapi, giftCardId, {
        kind: "restored",
        amount,
        idempotencyKey:
          key === undefined ? restoreKeyOf(orderId, giftCardId) : `${restoreKeyOf(orderId, giftCardId)}:${key}`,
        orderId,
        actor,
      });
      if (result.ok && result.recorded) {
        restored += amount;
        left -= amount;
      } else if (!result.ok)
        strapi.log.warn(`Gift card ${giftCardId}: order ${orderId}'s ${amount} cents not restored (${result.refusal})`);
    }
    if (restored > 0) {
      const all = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
        where: { orderId, kind: "restored" },
        select: ["amount"],
      })) as { amount: number }[];
      await strapi.db.query(CONTENT_TYPES.order).update({
        where: { id: orderId },
        data: { giftCardsRestored: all.reduce((sum, entry) => sum + Number(entry.amount), 0) },
      });
    }
    return restored;
  });
}

/** What of the order's gift card payment is not given back yet (what staff may still give back). */
export async function giftCardsRestorableOf(strapi: Core.Strapi, orderId: number): Promise<Cents> {
  const entries = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
    where: { orderId, kind: { $in: ["spent", "restored"] } },
    select: ["amount"],
  })) as { amount: number }[];
  // Never below 0 (nor -0): a card given back more than it took by staff's adjustment is not the order's.
  return Math.max(0, -entries.reduce((sum, entry) => sum + Number(entry.amount), 0));
}

// ---- The account's cards (renewals spend them) ---------------------------------------------------

interface OwnedRow {
  id: number;
  codeTail: string;
  ownedSince: string | Date | null;
  createdAt: string | Date;
}

async function ownedCards(strapi: Core.Strapi, userId: number): Promise<OwnedRow[]> {
  return (await strapi.db.query(CONTENT_TYPES.giftCard).findMany({
    where: { ownerId: userId, state: "active" },
    select: ["id", "codeTail", "ownedSince", "createdAt"],
    orderBy: [{ ownedSince: "asc" }, { id: "asc" }],
  })) as OwnedRow[];
}

const addedAtOf = (row: OwnedRow) => new Date(row.ownedSince ?? row.createdAt).toISOString();

/**
 * POST /gift-cards/mine: the card of a typed code becomes the customer's, for their renewals. Another
 * account's card is refused as any wrong code is (gift_card_invalid): whether a code is someone's is
 * not said. Adding one's own card again changes nothing.
 */
export async function addGiftCardToAccount(
  strapi: Core.Strapi,
  { userId, code, clientAddress, now }: { userId: number; code: string; clientAddress: string; now: Date },
): Promise<AccountGiftCards> {
  // Another account's card is refused there as a wrong code is.
  const card = await cardOfTypedCode(strapi, { code, clientAddress, userId });
  if (card.ownerId === null) {
    // Conditional: of two accounts adding the same code at once, one gets it.
    // And on the code typed: a card whose code staff replaced meanwhile is not taken by the old one.
    const { count } = (await strapi.db.query(CONTENT_TYPES.giftCard).updateMany({
      where: { id: card.id, ownerId: null, codeHash: card.codeHash },
      data: { ownerId: userId, ownedSince: now },
    })) as { count: number };
    if (count !== 1) {
      const again = (await strapi.db
        .query(CONTENT_TYPES.giftCard)
        .findOne({ where: { id: card.id }, select: ["ownerId"] })) as { ownerId: number | null } | null;
      if (Number(again?.ownerId) !== userId) throw new OrderError("gift_card_invalid", ["code"]);
    }
  }
  return accountGiftCardsOf(strapi, userId);
}

/** GET /gift-cards/mine: the customer's active cards, in the order renewals spend them. */
export async function accountGiftCardsOf(strapi: Core.Strapi, userId: number): Promise<AccountGiftCards> {
  const rows = await ownedCards(strapi, userId);
  const cards = [];
  for (const row of rows) {
    cards.push({ tail: row.codeTail, balance: await balanceOf(strapi, row.id), addedAt: addedAtOf(row) });
  }
  return { cards };
}

/**
 * A renewal's order, inside the transaction that writes it: the customer's account cards pay what
 * they can of its total before any charge. What is left to charge (0: nothing to charge).
 */
export async function spendAccountGiftCards(
  strapi: Core.Strapi,
  sql: Sql,
  { orderId, userId, total }: { orderId: number; userId: number; total: Cents },
): Promise<Cents> {
  const rows = await ownedCards(strapi, userId);
  if (rows.length === 0 || total === 0) return total;
  const cards = rows.map((row) => ({ id: row.id, addedAt: addedAtOf(row) }));
  const { remaining } = await spendGiftCardsOnOrder(strapi, sql, { orderId, userId, cards, total, actor: "job" });
  return remaining;
}

/** What an order still asks of a payment: its total less what gift cards paid of it. */
export function amountDueOf(order: { total: Cents; giftCardsPaid?: Cents | null }): Cents {
  return Number(order.total) - Number(order.giftCardsPaid ?? 0);
}
