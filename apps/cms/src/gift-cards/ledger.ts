import type { Core } from "@strapi/strapi";
import {
  giftCardBalance,
  giftCardEntryRefusal,
  type GiftCardEntry,
  type GiftCardEntryRefusal,
} from "@shop/domain/gift-cards";
import { CONTENT_TYPES } from "../content-types";
import { tableOf, type Sql } from "../database/sql";

/**
 * A gift card's ledger in the database (docs/decisions/033): every movement is a row, the balance
 * their sum. A movement is checked by the domain's rules against the card's ledger as it is inside
 * the transaction that writes it, under the card's row lock, so that 50 orders spending one card at
 * once are taken one after another and never spend more than the balance.
 */

export type GiftCardActor = "customer" | "staff" | "job";

export interface GiftCardMovement extends GiftCardEntry {
  actor: GiftCardActor;
  /** Staff's reason for an adjustment or a void. */
  reason?: string | null;
}

export type MovementResult =
  | {
      readonly ok: true;
      readonly balance: number;
      /** false: the same key was recorded before. */
      readonly recorded: boolean;
    }
  | {
      readonly ok: false;
      /** expired: an issue for a purchase that was given up before its payment came (./expiry.ts). */
      readonly refusal: Exclude<GiftCardEntryRefusal, "duplicate"> | "expired";
      readonly balance: number;
    };

/** The card's state that follows a movement: issued makes it usable, a void ends it. */
const STATE_AFTER: Partial<Record<GiftCardEntry["kind"], "active" | "voided">> = {
  issued: "active",
  voided: "voided",
};

interface EntryRow {
  kind: GiftCardEntry["kind"];
  amount: number;
  idempotencyKey: string;
  orderId: number | null;
}

/**
 * The card's row lock for the rest of the caller's transaction. SQLite writes one transaction at a
 * time and needs none; PostgreSQL would otherwise let two transactions read the same balance.
 */
export async function lockCard(strapi: Core.Strapi, sql: Sql, giftCardId: number): Promise<void> {
  if (strapi.db.dialect.client !== "postgres") return;
  await sql(tableOf(strapi, CONTENT_TYPES.giftCard).name).where("id", giftCardId).forUpdate().select("id");
}

async function stateOf(strapi: Core.Strapi, giftCardId: number): Promise<string | null> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.giftCard)
    .findOne({ where: { id: giftCardId }, select: ["state"] })) as { state: string } | null;
  return row?.state ?? null;
}

export async function ledgerOf(strapi: Core.Strapi, giftCardId: number): Promise<GiftCardEntry[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
    where: { giftCardId },
    select: ["kind", "amount", "idempotencyKey", "orderId"],
    orderBy: { id: "asc" },
  })) as EntryRow[];
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

export async function balanceOf(strapi: Core.Strapi, giftCardId: number): Promise<number> {
  return giftCardBalance(await ledgerOf(strapi, giftCardId));
}

/** Whether the key was used by a movement of another card: never a retry of this one. */
async function keyOfAnotherCard(strapi: Core.Strapi, giftCardId: number, idempotencyKey: string): Promise<boolean> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.giftCardEntry)
    .findOne({ where: { idempotencyKey }, select: ["giftCardId"] })) as { giftCardId: number } | null;
  return row !== null && Number(row.giftCardId) !== giftCardId;
}

/**
 * Records one movement, or says why the rules refuse it. A key recorded before with the same
 * movement is the same operation again (a retried request, a replayed notification): answered as
 * done, with nothing added; with another movement, or on another card, it is refused (key_conflict).
 * The card's state follows in the same transaction.
 */
export async function recordMovement(
  strapi: Core.Strapi,
  giftCardId: number,
  movement: GiftCardMovement,
): Promise<MovementResult> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }): Promise<MovementResult> => {
    await lockCard(strapi, trx, giftCardId);
    const entries = await ledgerOf(strapi, giftCardId);
    const balance = giftCardBalance(entries);
    const refusal = giftCardEntryRefusal(entries, movement);
    if (refusal === "duplicate") return { ok: true, balance, recorded: false };
    // Read under the card's lock: the expiry job's conditional UPDATE either ran before (refused here)
    // or waits for this transaction and then finds the card active.
    if (movement.kind === "issued" && (await stateOf(strapi, giftCardId)) === "expired") {
      return { ok: false, refusal: "expired", balance };
    }
    if (refusal !== null) return { ok: false, refusal, balance };
    if (await keyOfAnotherCard(strapi, giftCardId, movement.idempotencyKey)) {
      return { ok: false, refusal: "key_conflict", balance };
    }
    await strapi.db.query(CONTENT_TYPES.giftCardEntry).create({
      data: {
        giftCardId,
        kind: movement.kind,
        amount: movement.amount,
        idempotencyKey: movement.idempotencyKey,
        orderId: movement.orderId ?? null,
        reason: movement.reason ?? null,
        actor: movement.actor,
      },
    });
    const state = STATE_AFTER[movement.kind];
    if (state) await strapi.db.query(CONTENT_TYPES.giftCard).update({ where: { id: giftCardId }, data: { state } });
    return { ok: true, balance: balance + movement.amount, recorded: true };
  });
}
