import { createRequire } from "node:module";
import path from "node:path";
import type { Core } from "@strapi/strapi";
import { orderNumberOf, type Locale, type OrderStatus } from "@shop/domain";
import { DIST_DIR, readOutbox } from "./strapi";
import { CONTENT_TYPES } from "../../src/content-types";
import { flushAfterAnswer } from "../../src/http/after-answer";

/**
 * Orders for the payment tests, written straight to the database as the ordering service leaves
 * them (waiting for payment, with lines, totals and a delivery), so that these tests need no
 * catalogue, delivery zone or draft.
 */

const nodeRequire = createRequire(__filename);

/**
 * Waits for the work started after an answer (mails, the sandbox's notification) in both copies of
 * the code a test runs: the running CMS's queue, which Strapi loaded from dist/, and the one of the
 * src/ modules a test imports and calls itself (a job, a status change), which queue work of their own.
 */
export async function flushServerWork(): Promise<void> {
  const afterAnswer = nodeRequire(path.join(DIST_DIR, "src", "http", "after-answer.js")) as {
    flushAfterAnswer(): Promise<void>;
  };
  await afterAnswer.flushAfterAnswer();
  await flushAfterAnswer();
}

export interface TestOrderOptions {
  userId: number;
  email: string;
  locale?: Locale;
  total?: number;
  purchase?: "once" | "subscription";
  status?: OrderStatus;
  /** When its payment must be made by; in half an hour by default. */
  expiresAt?: Date;
}

export interface TestOrder {
  id: number;
  number: string;
  total: number;
}

export async function createTestOrder(strapi: Core.Strapi, options: TestOrderOptions): Promise<TestOrder> {
  const total = options.total ?? 4311;
  const now = new Date();
  const created = (await strapi.documents(CONTENT_TYPES.order as never).create({
    data: {
      user: options.userId,
      email: options.email,
      orderStatus: options.status ?? "pending_payment",
      locale: options.locale ?? "es",
      audience: "consumer",
      purchase: options.purchase ?? "once",
      frequency: options.purchase === "subscription" ? "weekly" : null,
      lines: [
        {
          kind: "box",
          productId: 3,
          name: "Caja mixta mediana",
          quantity: 1,
          frequency: null,
          unitPrice: 2490,
          taxRate: 0.04,
          gross: 2490,
          tax: 96,
          discount: 0,
          exclusions: [{ id: 41, name: "Berenjena" }],
        },
        {
          kind: "extra",
          productId: 17,
          name: "Mermelada de naranja amarga",
          quantity: 1,
          frequency: "once",
          unitPrice: total - 2490,
          taxRate: 0.1,
          gross: total - 2490,
          tax: Math.round(((total - 2490) * 10) / 110),
          discount: 0,
          exclusions: [],
        },
      ],
      goods: total,
      discount: 0,
      shipping: 0,
      shippingTax: 0,
      tax: 96 + Math.round(((total - 2490) * 10) / 110),
      total,
      zoneName: "Barcelona",
      deliveryDate: "2031-03-14",
      slotCode: "morning",
      slotStart: "09:00",
      slotEnd: "14:00",
      postcode: "08036",
      deliveryAddress: {
        fullName: "Ana García",
        company: null,
        line1: "Carrer de Mallorca, 120",
        line2: null,
        postalCode: "08036",
        city: "Barcelona",
        region: null,
        country: "ES",
        phone: null,
      },
      notes: "Timbre 2A",
      expiresAt: options.expiresAt ?? new Date(now.getTime() + 30 * 60 * 1000),
      termsAcceptedAt: now,
      marketingConsent: false,
    } as never,
  })) as unknown as { id: number };
  const number = orderNumberOf(created.id);
  await strapi.db.query(CONTENT_TYPES.order).update({ where: { id: created.id }, data: { number } });
  return { id: created.id, number, total };
}

export async function orderStatusOf(strapi: Core.Strapi, orderId: number): Promise<OrderStatus> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: orderId }, select: ["orderStatus"] })) as {
    orderStatus: OrderStatus;
  } | null;
  if (row === null) throw new Error(`No order ${orderId}`);
  return row.orderStatus;
}

/** Waits until the order reaches `status` (notifications are applied after their answer). */
export async function waitForStatus(
  strapi: Core.Strapi,
  orderId: number,
  status: OrderStatus,
  timeoutMs = 10_000,
): Promise<void> {
  const started = Date.now();
  let last: OrderStatus | undefined;
  while (Date.now() - started < timeoutMs) {
    last = await orderStatusOf(strapi, orderId);
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Order ${orderId} is ${last}, not ${status}, after ${timeoutMs} ms`);
}

export interface OrderEventRow {
  from: OrderStatus | null;
  to: OrderStatus;
  actorKind: string;
  actorLabel: string;
  note: string | null;
}

export async function eventsOf(strapi: Core.Strapi, orderId: number): Promise<OrderEventRow[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.orderEvent).findMany({
    where: { order: { id: orderId } },
    select: ["from", "to", "actorKind", "actorLabel", "note"],
    orderBy: { id: "asc" },
  })) as OrderEventRow[];
  return rows.map(({ from, to, actorKind, actorLabel, note }) => ({ from, to, actorKind, actorLabel, note }));
}

/** An outbox mail's text, quoted-printable undone (accents included). */
export function readableMail(content: string): string {
  const joined = content.replace(/=\r?\n/g, "");
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"));
}

/** The mails to `to` about an order so far (not the account's own), readable. */
export function orderMailsTo(outboxDir: string, to: string, orderNumber: string): string[] {
  return readOutbox(outboxDir)
    .map((mail) => readableMail(mail.content))
    .filter((text) => text.includes(`To: ${to}`) && text.includes(orderNumber));
}

/**
 * A customer's decision on the sandbox payment page, posted as the page's form does, to this CMS
 * (`cmsUrl`: where the test app listens; the payment's URL names its public address). The answer.
 */
export function decideOnSandboxPage(
  cmsUrl: string,
  paymentUrl: string,
  decision: "approve" | "decline" = "approve",
): Promise<Response> {
  return fetch(`${cmsUrl}${new URL(paymentUrl).pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ decision }).toString(),
  });
}
