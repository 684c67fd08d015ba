import PDFDocument from "pdfkit";
import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import type { InvoiceRow } from "./issue";
import { registrationLine } from "./registration";

/**
 * An invoice as a PDF (A4), in the language of its order: every content Real Decreto 1619/2012
 * art. 6 asks of a full invoice (number and series, date, both parties' names, tax ids and
 * addresses, each line with its net unit price, discount and VAT rate, the base and tax of each
 * rate, the total), and for a corrective one the invoice it corrects and why (art. 15). What gift
 * cards paid is a means of payment under the totals (decision 038), not a discount. Drawn with
 * pdfkit's built-in Helvetica (WinAnsi: Spanish, Catalan and Portuguese, and "€"), as the gift card's
 * PDF is (src/gift-cards/card-pdf.ts).
 */

const TEXTS = {
  es: {
    invoice: "Factura",
    corrective: "Factura rectificativa",
    number: "Número",
    date: "Fecha de expedición",
    operationDate: "Fecha de la operación",
    order: "Pedido",
    seller: "Emisor",
    buyer: "Cliente",
    taxId: "NIF",
    corrects: (number: string) => `Rectifica la factura ${number}`,
    reason: "Motivo",
    refundReason: "Devolución del importe cobrado",
    columns: ["Concepto", "Cant.", "Precio unit.", "Dto.", "Base", "IVA", "Cuota"],
    breakdown: "Desglose del IVA",
    rate: "Tipo",
    base: "Base imponible",
    tax: "Cuota de IVA",
    total: "Total factura",
    giftCards: "Pagado con tarjetas regalo",
    rest: "Pagado con otros medios",
  },
  ca: {
    invoice: "Factura",
    corrective: "Factura rectificativa",
    number: "Número",
    date: "Data d'expedició",
    operationDate: "Data de l'operació",
    order: "Comanda",
    seller: "Emissor",
    buyer: "Client",
    taxId: "NIF",
    corrects: (number: string) => `Rectifica la factura ${number}`,
    reason: "Motiu",
    refundReason: "Devolució de l'import cobrat",
    columns: ["Concepte", "Quant.", "Preu unit.", "Dte.", "Base", "IVA", "Quota"],
    breakdown: "Desglossament de l'IVA",
    rate: "Tipus",
    base: "Base imposable",
    tax: "Quota d'IVA",
    total: "Total factura",
    giftCards: "Pagat amb targetes regal",
    rest: "Pagat amb altres mitjans",
  },
  pt: {
    invoice: "Fatura",
    corrective: "Fatura retificativa",
    number: "Número",
    date: "Data de emissão",
    operationDate: "Data da operação",
    order: "Encomenda",
    seller: "Emitente",
    buyer: "Cliente",
    taxId: "NIF",
    corrects: (number: string) => `Retifica a fatura ${number}`,
    reason: "Motivo",
    refundReason: "Devolução do montante cobrado",
    columns: ["Descrição", "Qtd.", "Preço unit.", "Desc.", "Base", "IVA", "Imposto"],
    breakdown: "Discriminação do IVA",
    rate: "Taxa",
    base: "Base tributável",
    tax: "IVA",
    total: "Total da fatura",
    giftCards: "Pago com cartões-presente",
    rest: "Pago com outros meios",
  },
} as const satisfies Record<Locale, object>;

const GREEN = "#2f6b3a";
const TEXT = "#2b2620";
const MUTED = "#6b6257";

/** WinAnsi's characters (see card-pdf.ts): anything else is left out rather than drawn as a box. */
const PRINTABLE =
  /[^\u0020-\u007e\u00a0-\u00ff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178\n]/gu;
const printable = (text: string) => text.replace(/[\u202f\u2009]/g, "\u00a0").replace(PRINTABLE, "");

function countryName(country: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}

export function invoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const locale = invoice.locale;
  const t = TEXTS[locale];
  const money = (cents: Cents) => printable(formatCents(cents, LOCALE_TAGS[locale]));
  const rate = (value: number) => `${Math.round(value * 10000) / 100} %`;
  const title = invoice.kind === "corrective" ? t.corrective : t.invoice;
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: `${title} ${invoice.number}`, Author: printable(invoice.seller.name) },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = 48;
  const width = doc.page.width - 96;

  doc.fillColor(GREEN).font("Helvetica-Bold").fontSize(20).text(printable(title), left, 48);
  doc.fillColor(TEXT).font("Helvetica").fontSize(10);
  const madridDay = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeZone: "Europe/Madrid" });
  const issued = madridDay.format(new Date(invoice.issuedAt));
  // Art. 6.1 i: the operation's date apart when it is not the day of issue (an invoice issued later).
  const operation = invoice.operationAt === null ? issued : madridDay.format(new Date(invoice.operationAt));
  doc.text(`${t.number}: ${invoice.number}`, left, 78);
  doc.text(printable(`${t.date}: ${issued}`));
  if (operation !== issued) doc.text(printable(`${t.operationDate}: ${operation}`));
  doc.text(`${t.order}: ${invoice.orderNumber}`);
  if (invoice.kind === "corrective" && invoice.correctsNumber !== null) {
    doc.font("Helvetica-Bold").text(printable(t.corrects(invoice.correctsNumber)));
    doc.font("Helvetica").text(printable(`${t.reason}: ${invoice.reason ?? t.refundReason}`), { width });
  }

  // The two parties side by side.
  const partiesTop = doc.y + 16;
  const column = width / 2 - 8;
  const party = (heading: string, lines: string[], x: number) => {
    doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9).text(printable(heading.toUpperCase()), x, partiesTop);
    doc.fillColor(TEXT).font("Helvetica").fontSize(10);
    for (const line of lines) doc.text(printable(line), x, doc.y, { width: column });
    return doc.y;
  };
  const seller = invoice.seller;
  const sellerBottom = party(
    t.seller,
    [
      seller.name,
      `${t.taxId}: ${seller.taxId}`,
      ...seller.address.map((part) => (/^[A-Z]{2}$/.test(part) ? countryName(part, locale) : part)),
      ...(seller.registration ? [registrationLine(seller.registration, locale)] : []),
    ],
    left,
  );
  const address = invoice.buyer.address;
  const buyerBottom = party(
    t.buyer,
    [
      invoice.buyer.name,
      `${t.taxId}: ${invoice.buyer.taxId}`,
      address.line1,
      ...(address.line2 ? [address.line2] : []),
      `${address.postalCode} ${address.city}`,
      [address.region, countryName(address.country, locale)].filter(Boolean).join(", "),
    ],
    left + width / 2 + 8,
  );

  // The lines.
  const widths = [0.36, 0.07, 0.13, 0.1, 0.13, 0.08, 0.13].map((share) => share * width);
  const row = (cells: readonly string[], y: number, { bold }: { bold: boolean }) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let x = left;
    let height = 0;
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? 0;
      const options = { width: cellWidth - 4, align: index === 0 ? ("left" as const) : ("right" as const) };
      doc.text(printable(cell), x, y, options);
      height = Math.max(height, doc.heightOfString(printable(cell), options));
      x += cellWidth;
    });
    return y + height + 6;
  };
  let y = Math.max(sellerBottom, buyerBottom) + 24;
  y = row(t.columns, y, { bold: true });
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .strokeColor(MUTED)
    .lineWidth(0.5)
    .stroke();
  for (const line of invoice.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = 48;
    }
    y = row(
      [
        line.description,
        String(line.quantity),
        money(line.unitPrice),
        line.discount === 0 ? "" : money(line.discount),
        money(line.base),
        rate(line.rate),
        money(line.tax),
      ],
      y,
      { bold: false },
    );
  }

  // The VAT of each rate, then the totals and how they were paid.
  y += 12;
  doc.fillColor(GREEN).font("Helvetica-Bold").fontSize(11).text(printable(t.breakdown), left, y);
  y = doc.y + 4;
  doc.fillColor(TEXT);
  const amounts = (label: string, value: string, at: number, { bold }: { bold: boolean }) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(printable(label), left, at, { width: width * 0.7 });
    doc.text(value, left + width * 0.7, at, { width: width * 0.3, align: "right" });
    return doc.y + 2;
  };
  for (const group of invoice.vat) {
    y = amounts(`${t.rate} ${rate(group.rate)} · ${t.base} ${money(group.base)}`, `${t.tax} ${money(group.tax)}`, y, {
      bold: false,
    });
  }
  y += 8;
  y = amounts(t.base, money(invoice.base), y, { bold: false });
  y = amounts(t.tax, money(invoice.tax), y, { bold: false });
  y = amounts(t.total, money(invoice.total), y, { bold: true });
  if (invoice.giftCardsPaid > 0) {
    y += 6;
    y = amounts(t.giftCards, money(invoice.giftCardsPaid), y, { bold: false });
    amounts(t.rest, money(invoice.total - invoice.giftCardsPaid), y, { bold: false });
  }
  doc.end();
  return done;
}
