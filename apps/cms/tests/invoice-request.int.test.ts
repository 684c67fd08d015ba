import { invoiceYear } from "@shop/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "../src/content-types";
import { tableOf } from "../src/database/sql";
import { issueCorrectiveInvoice, issueOwedInvoices } from "../src/invoices/issue";
import { refundOrder } from "../src/ordering/refunds/refunds";
import { startPayment } from "../src/payments/attempts";
import { gateways } from "../src/payments/gateways";
import { bearer, registerCustomer } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import { createShopLegalDetails } from "./helpers/ordering";
import { createTestOrder, flushServerWork, orderMailsTo, waitForStatus } from "./helpers/payment-orders";
import { textOf } from "./helpers/pdf-text";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// A full invoice asked for from a paid order's page after the payment (docs/decisions/039): issued
// in the one yearly series by the order flow's own code, mailed once with its PDF, downloadable
// from then on; asking twice answers the same invoice; refused for someone else's order (404), an
// order not paid, cancelled or refunded (409), and after the 15th of the month after the payment.

let app: TestStrapi;

const DETAILS = {
  name: "Maria Soler Puig",
  taxId: "12345678Z",
  address: {
    fullName: "Maria Soler Puig",
    company: null,
    line1: "Carrer de Provença, 200",
    line2: null,
    postalCode: "08036",
    city: "Barcelona",
    region: null,
    country: "ES",
    phone: null,
  },
};

interface InvoiceAnswer {
  invoice: { number: string; kind: string; total: number; issuedAt: string } | null;
}

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
  await createShopLegalDetails(app.strapi);
});

afterAll(async () => {
  await app?.stop();
});

/** A new customer's order that asked for no invoice, paid through the sandbox's signed notification unless told not to. */
async function customerOrder({ paid = true, locale = "es" }: { paid?: boolean; locale?: "es" | "ca" | "pt" } = {}) {
  const customer = await registerCustomer(app.api);
  const order = await createTestOrder(app.strapi, { userId: customer.user.id, email: customer.email, locale });
  if (paid) {
    const start = await startPayment(app.strapi, { orderId: order.id });
    const reference = decodeURIComponent(new URL(start.url).pathname.split("/").at(-1) ?? "");
    const payment = (await app.strapi.db.query(CONTENT_TYPES.payment).findOne({ where: { reference } })) as {
      amount: number;
    };
    const notification = gateways().sandbox!.notificationFor("approve", {
      reference,
      amount: payment.amount,
      currency: "EUR",
    });
    const answer = await fetch(`${app.api}/payments/sandbox/notification`, {
      method: "POST",
      headers: notification.headers as Record<string, string>,
      body: notification.rawBody.toString(),
    });
    expect(answer.status).toBe(200);
    await waitForStatus(app.strapi, order.id, "paid");
    await flushServerWork();
  }
  return { customer, order, headers: bearer(customer.jwt) };
}

const ask = (number: string, headers: Record<string, string>, body: unknown = DETAILS) =>
  postJson<InvoiceAnswer>(`${app.api}/orders/mine/${number}/invoice`, body, headers);

async function invoiceRowsOf(orderId: number) {
  return (await app.strapi.db.query(CONTENT_TYPES.invoice).findMany({
    where: { order: { id: orderId } },
    orderBy: { id: "asc" },
  })) as { id: number; number: string; kind: string; sequence: number; total: number; buyer: typeof DETAILS }[];
}

describe("a full invoice asked for after payment", () => {
  it("issues it in the yearly series with the customer's details, mails its PDF once, and offers its download", async () => {
    const { customer, order, headers } = await customerOrder();
    // The paid-order mail went without an invoice: none was asked for.
    expect(await invoiceRowsOf(order.id)).toEqual([]);

    const answer = await ask(order.number, headers);
    expect(answer.status).toBe(201);
    const number = answer.body.invoice!.number;
    expect(number).toMatch(new RegExp(`^F-${invoiceYear(new Date())}-\\d{6}$`));
    expect(answer.body.invoice).toMatchObject({ kind: "invoice", total: 4311 });
    const [row, ...more] = await invoiceRowsOf(order.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ number, buyer: { name: DETAILS.name, taxId: DETAILS.taxId } });

    // The order's page shows the details and the invoice.
    const view = await getJson<{ invoice: typeof DETAILS | null; invoices: { number: string }[] }>(
      `${app.api}/orders/mine/${order.number}`,
      { headers },
    );
    expect(view.body.invoice).toMatchObject({ name: DETAILS.name, taxId: DETAILS.taxId });
    expect(view.body.invoices).toEqual([expect.objectContaining({ number, kind: "invoice" })]);
    const pdf = await fetch(`${app.api}/invoices/mine/${number}`, { headers });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    // Asked again (other details, a double click): the same invoice, no second number, no second mail.
    const again = await ask(order.number, headers, { ...DETAILS, name: "Otra Empresa SL", taxId: "B12345674" });
    expect(again.status).toBe(200);
    expect(again.body.invoice!.number).toBe(number);
    expect(await invoiceRowsOf(order.id)).toHaveLength(1);
    await flushServerWork();
    const mails = orderMailsTo(app.outboxDir, customer.email, order.number).filter((mail) =>
      mail.includes(`${number}.pdf`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Aquí tienes tu factura");
    expect(mails[0]).toMatch(/Content-Type: application\/pdf/i);
  });

  it("gives one number to requests arriving at once, with no gap in the series", async () => {
    const { order, headers } = await customerOrder();
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(order.number, headers)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.invoice?.number)).size).toBe(1);
    expect(await invoiceRowsOf(order.id)).toHaveLength(1);
    const year = invoiceYear(new Date());
    const sequences = (
      (await app.strapi.db.query(CONTENT_TYPES.invoice).findMany({
        where: { kind: "invoice", year },
        select: ["sequence"],
        orderBy: { sequence: "asc" },
      })) as { sequence: number }[]
    ).map((invoice) => invoice.sequence);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
  });

  it("answers 404 for another customer's order and an unknown one, 401 signed out, 400 for bad details", async () => {
    const { order, headers } = await customerOrder();
    const other = await registerCustomer(app.api);
    expectErrorShape(await ask(order.number, bearer(other.jwt)), 404);
    expectErrorShape(await ask("999999999", headers), 404);
    expect((await ask(order.number, {})).status).toBe(401);
    const invalid = expectErrorShape(await ask(order.number, headers, { ...DETAILS, taxId: "12345678A" }), 400);
    expect(invalid.error.details).toMatchObject({ errors: [expect.objectContaining({ path: ["taxId"] })] });
    expect(await invoiceRowsOf(order.id)).toEqual([]);
  });

  it("takes a Portuguese NIF for an address in Portugal, and says beside the field when the address is in Spain", async () => {
    const { order, headers } = await customerOrder({ locale: "pt" });
    const lisbon = {
      ...DETAILS.address,
      line1: "Rua Augusta, 10",
      postalCode: "1100-048",
      city: "Lisboa",
      country: "PT",
    };
    const portuguese = { name: "Frutas do Tejo Lda", taxId: "PT 501 964 843", address: lisbon };
    const wrong = expectErrorShape(
      await ask(order.number, headers, { ...portuguese, taxId: "501964843", address: DETAILS.address }),
      400,
    );
    expect(wrong.error.details).toMatchObject({
      errors: [expect.objectContaining({ path: ["taxId"], message: "taxIdNotForCountry" })],
    });
    expect(await invoiceRowsOf(order.id)).toEqual([]);
    expect((await ask(order.number, headers, portuguese)).status).toBe(201);
    const [row] = await invoiceRowsOf(order.id);
    expect(row).toMatchObject({ buyer: { name: portuguese.name, taxId: "501964843", address: { country: "PT" } } });
  });

  it("refuses an order not paid, or cancelled, with a message", async () => {
    const unpaid = await customerOrder({ paid: false });
    const refusal = expectErrorShape(await ask(unpaid.order.number, unpaid.headers), 409);
    expect(errorCode(refusal)).toBe("invoice_unpaid");

    const cancelled = await customerOrder();
    await app.strapi.db
      .query(CONTENT_TYPES.order)
      .update({ where: { id: cancelled.order.id }, data: { orderStatus: "cancelled" } });
    const gone = expectErrorShape(await ask(cancelled.order.number, cancelled.headers), 409);
    expect(errorCode(gone)).toBe("invoice_not_invoiceable");
    expect(gone.error.message).toMatch(/cancelled or refunded/);
    expect(await invoiceRowsOf(unpaid.order.id)).toEqual([]);
    expect(await invoiceRowsOf(cancelled.order.id)).toEqual([]);
  });

  it("refuses after the 15th of the month after the payment, but still answers an invoice issued before", async () => {
    const late = await customerOrder();
    const issuedInTime = await customerOrder();
    expect((await ask(issuedInTime.order.number, issuedInTime.headers)).status).toBe(201);
    const paidLongAgo = new Date(Date.now() - 60 * 24 * 60 * 60 * 1000);
    for (const { order } of [late, issuedInTime]) {
      await app.strapi.db.query(CONTENT_TYPES.order).update({ where: { id: order.id }, data: { paidAt: paidLongAgo } });
    }
    const refusal = expectErrorShape(await ask(late.order.number, late.headers), 409);
    expect(errorCode(refusal)).toBe("invoice_too_late");
    expect(await invoiceRowsOf(late.order.id)).toEqual([]);
    const again = await ask(issuedInTime.order.number, issuedInTime.headers);
    expect(again.status).toBe(200);
    expect(again.body.invoice?.kind).toBe("invoice");
  });
});

const DAY = 24 * 60 * 60 * 1000;

const invoicesOf = async (orderId: number) => (await invoiceRowsOf(orderId)).map(({ kind, total }) => [kind, total]);

describe("refunds made before the invoice asked for after payment (decision 039)", () => {
  it("a customer's change made before the invoice is in the invoice's amounts: no corrective invoice, ever", async () => {
    const { customer, order, headers } = await customerOrder();
    // The customer takes the jam (18.21 €) off before the cut-off: the change rewrites the order's
    // lines and totals, then refunds the difference under change-<id>-0 (src/ordering/changes).
    const row = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({ where: { id: order.id } })) as {
      documentId: string;
    };
    const box = {
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
    };
    await app.strapi.documents(CONTENT_TYPES.order as never).update({
      documentId: row.documentId,
      data: { lines: [box] } as never,
    });
    await app.strapi.db
      .query(CONTENT_TYPES.order)
      .update({ where: { id: order.id }, data: { goods: 2490, tax: 96, total: 2490 } });
    const { refund } = await refundOrder(app.strapi, {
      orderId: order.id,
      amount: 1821,
      reason: "Lowered by the customer before the cut-off",
      key: `change-${order.id}-0`,
      actor: { origin: "customer", label: `customer:${customer.user.id}` },
      settleAs: "refunded",
    });
    expect(refund.refundStatus).toBe("succeeded");
    await flushServerWork();

    const answer = await ask(order.number, headers);
    expect(answer.status).toBe(201);
    // Issued from the order as it is now: the 18.21 € given back are not declared.
    expect(answer.body.invoice).toMatchObject({ kind: "invoice", total: 2490 });
    // Neither the refund's own path (a late gateway answer) nor the hourly owed-invoices run corrects it again.
    expect(await issueCorrectiveInvoice(app.strapi, refund.id, new Date())).toBeNull();
    await issueOwedInvoices(app.strapi, new Date());
    expect(await invoicesOf(order.id)).toEqual([["invoice", 2490]]);
  });

  it("a refund that left the order's amounts as they were (staff's) still gets its corrective invoice", async () => {
    const { order, headers } = await customerOrder();
    const { refund } = await refundOrder(app.strapi, {
      orderId: order.id,
      amount: 500,
      reason: "Una caja llegó golpeada",
      key: `staff-${order.id}-goodwill`,
      actor: { origin: "staff", label: "staff@example.com" },
      settleAs: "refunded",
    });
    expect(refund.refundStatus).toBe("succeeded");
    await flushServerWork();
    const answer = await ask(order.number, headers);
    expect(answer.body.invoice).toMatchObject({ kind: "invoice", total: 4311 });
    await issueOwedInvoices(app.strapi, new Date());
    expect(await invoicesOf(order.id)).toEqual([
      ["invoice", 4311],
      ["corrective", -500],
    ]);
  });
});

describe("the invoice's date of the operation", () => {
  const madridDay = new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeZone: "Europe/Madrid" });
  const pdfText = async (number: string, headers: Record<string, string>) => {
    const pdf = await fetch(`${app.api}/invoices/mine/${number}`, { headers });
    expect(pdf.status).toBe(200);
    return textOf(Buffer.from(await pdf.arrayBuffer()));
  };

  it("is the order's payment as it was at issue, whatever the order says later; an older invoice reads the order's", async () => {
    const { order, headers } = await customerOrder();
    const paidAt = new Date(Date.now() - 3 * DAY);
    await app.strapi.db.query(CONTENT_TYPES.order).update({ where: { id: order.id }, data: { paidAt } });
    const answer = await ask(order.number, headers);
    expect(answer.status).toBe(201);
    const number = answer.body.invoice!.number;
    expect(await pdfText(number, headers)).toContain(`Fecha de la operación: ${madridDay.format(paidAt)}`);

    // The order's payment date moved afterwards (a replayed notification, a fix by hand).
    const moved = new Date(Date.now() - 2 * DAY);
    await app.strapi.db.query(CONTENT_TYPES.order).update({ where: { id: order.id }, data: { paidAt: moved } });
    const text = await pdfText(number, headers);
    expect(text).toContain(`Fecha de la operación: ${madridDay.format(paidAt)}`);
    expect(text).not.toContain(madridDay.format(moved));

    // An invoice issued before the date was stored on it: the order's, as before.
    // (Written past the guard that keeps issued invoices as they are, as a migration would see them.)
    const invoices = tableOf(app.strapi, CONTENT_TYPES.invoice);
    await app.strapi.db
      .connection(invoices.name)
      .where(invoices.column("number"), number)
      .update({ [invoices.column("operationAt")]: null });
    expect(await pdfText(number, headers)).toContain(`Fecha de la operación: ${madridDay.format(moved)}`);
  });
});
