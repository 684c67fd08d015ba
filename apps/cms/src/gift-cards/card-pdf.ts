import PDFDocument from "pdfkit";
import type { Locale } from "@shop/domain";

/**
 * The gift card as a PDF (A6, landscape) attached to the recipient's e-mail (./sending.ts): its
 * design's colours and shapes, the amount, the code grouped for reading, the message and the
 * sender, in the recipient's language. Drawn with pdfkit's built-in Helvetica and Courier, whose
 * encoding (WinAnsi) covers Spanish, Catalan and Portuguese and the euro sign; characters outside it
 * (an emoji in the message) are left out rather than printed as boxes.
 */

export interface GiftCardPdfContent {
  locale: Locale;
  design: string | null;
  /** "25,00 €". */
  amount: string;
  /** Grouped: "7KQ4M-XW2RP-9HTCD-3FGNB". */
  code: string;
  recipientName: string;
  senderName: string | null;
  message: string | null;
  /** The shop's address, printed as where the card is spent. */
  shopUrl: string;
}

const TEXTS = {
  es: {
    title: "Tarjeta regalo",
    for: (name: string) => `Para ${name}`,
    from: (name: string) => `De ${name}`,
    code: "Código",
    use: "Escríbelo en el resumen de tu pedido. Sin caducidad; se gasta en varios pedidos.",
  },
  ca: {
    title: "Targeta regal",
    for: (name: string) => `Per a ${name}`,
    from: (name: string) => `De ${name}`,
    code: "Codi",
    use: "Escriu-lo al resum de la teva comanda. No caduca; es gasta en diverses comandes.",
  },
  pt: {
    title: "Cartão-presente",
    for: (name: string) => `Para ${name}`,
    from: (name: string) => `De ${name}`,
    code: "Código",
    use: "Escreva-o no resumo da sua encomenda. Não expira; gasta-se em várias encomendas.",
  },
} as const satisfies Record<Locale, object>;

/** The designs the storefront draws (apps/storefront/app/gift-cards/designs.tsx), in their colours. */
const DESIGNS: Record<string, { background: string; accents: readonly string[] }> = {
  harvest: { background: "#b9dfa8", accents: ["#f08a24", "#c0392b", "#f7a04b"] },
  orchard: { background: "#dcefd3", accents: ["#3b7f1f", "#f08a24", "#4c9a2a"] },
  basket: { background: "#f8f1e4", accents: ["#c96a0e", "#9c510b", "#3b7f1f"] },
  sunrise: { background: "#fde7cf", accents: ["#f7a04b", "#e8743b", "#3b7f1f"] },
};
const DEFAULT_DESIGN = { background: "#f6efe3", accents: ["#e8743b", "#2f6b3a", "#f7a04b"] } as const;
const GREEN = "#2f6b3a";
const TEXT = "#2b2620";

/** WinAnsi's characters: printable ASCII, Latin-1 and the few extra ones (€, ‘’“”, –—, …, œ, Š…). */
const PRINTABLE =
  /[^\u0020-\u007e\u00a0-\u00ff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178\n]/gu;

function printable(text: string): string {
  // Intl's money formats put a narrow no-break space before "€" in some languages.
  return text.replace(/[\u202f\u2009]/g, "\u00a0").replace(PRINTABLE, "");
}

export function giftCardPdf(content: GiftCardPdfContent): Promise<Buffer> {
  const t = TEXTS[content.locale];
  const design = (content.design !== null && DESIGNS[content.design]) || DEFAULT_DESIGN;
  const doc = new PDFDocument({
    size: "A6",
    layout: "landscape",
    margin: 0,
    info: { Title: `Imperfecta - ${t.title}`, Author: "Imperfecta" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width;
  const height = doc.page.height;
  doc.rect(0, 0, width, height).fill(design.background);
  // The design's fruit: three circles and a leaf on the right, as on the storefront's card.
  const [first, second, third] = design.accents;
  doc.circle(width - 70, 62, 26).fill(first ?? GREEN);
  doc.circle(width - 110, 80, 18).fill(second ?? GREEN);
  doc.circle(width - 42, 98, 14).fill(third ?? GREEN);
  doc
    .moveTo(width - 70, 36)
    .bezierCurveTo(width - 64, 20, width - 50, 18, width - 44, 22)
    .bezierCurveTo(width - 50, 32, width - 60, 38, width - 70, 36)
    .fill(GREEN);

  doc.fillColor(GREEN).font("Helvetica-Bold").fontSize(11).text("IMPERFECTA", 24, 22);
  doc.fontSize(18).text(printable(t.title), 24, 38);
  doc.fontSize(28).text(printable(content.amount), 24, 62);

  doc.fillColor(TEXT).font("Helvetica").fontSize(10);
  let y = 104;
  doc.text(printable(t.for(content.recipientName)), 24, y, { width: width - 160 });
  y = doc.y + 4;
  if (content.message !== null && content.message.trim() !== "") {
    doc
      .font("Helvetica-Oblique")
      .text(printable(content.message), 24, y, { width: width - 48, height: 70, ellipsis: true });
    y = doc.y + 4;
  }
  if (content.senderName !== null && content.senderName.trim() !== "") {
    doc.font("Helvetica").text(printable(t.from(content.senderName)), 24, y, { width: width - 48 });
  }

  // The code on a white band at the foot, large and monospaced: read aloud or typed from paper.
  doc.rect(16, height - 86, width - 32, 46).fill("#ffffff");
  doc
    .fillColor(TEXT)
    .font("Helvetica")
    .fontSize(8)
    .text(printable(t.code), 24, height - 82);
  doc
    .fillColor(GREEN)
    .font("Courier-Bold")
    .fontSize(17)
    .text(content.code, 24, height - 70, {
      width: width - 48,
      align: "center",
      characterSpacing: 1,
    });
  doc
    .fillColor(TEXT)
    .font("Helvetica")
    .fontSize(7)
    .text(printable(`${t.use} ${content.shopUrl}`), 24, height - 32, { width: width - 48 });
  doc.end();
  return done;
}
