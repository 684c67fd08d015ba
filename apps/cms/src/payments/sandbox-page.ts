import { createHash } from "node:crypto";
import { formatCents, LOCALE_TAGS, type Cents, type Locale } from "@shop/domain";
import { colors, fontFamily, SHOP_NAME } from "../email/theme";

/**
 * The sandbox gateway's page (src/payments/sandbox.ts), served by the CMS: the order's number and
 * amount with two buttons, Approve and Decline, each a form posting back to the page. Plain HTML in
 * the order's language, no script at all, one style sheet allowed by its hash (a strict CSP).
 */

interface PageTexts {
  title: string;
  intro: string;
  order: string;
  amount: string;
  approve: string;
  decline: string;
  paid: string;
  failed: string;
  closed: string;
  closedIntro: string;
  back: string;
  missing: string;
  missingIntro: string;
}

const texts = {
  es: {
    title: "Pago de prueba",
    intro: "Esta es la pasarela de pruebas de la tienda: no se cobra nada. Elige cómo termina el pago.",
    order: "Pedido",
    amount: "Importe",
    approve: "Aprobar el pago",
    decline: "Rechazar el pago",
    paid: "Este pago ya está aprobado.",
    failed: "Este pago se ha rechazado.",
    closed: "Este pago ya no es posible.",
    closedIntro:
      "El pedido ya está pagado o anulado, ha pasado su plazo de pago, o has empezado otro pago después de este. Vuelve a la tienda para ver cómo está.",
    back: "Volver a la tienda",
    missing: "No encontramos este pago",
    missingIntro: "El enlace no corresponde a ningún pago de prueba. Vuelve a la tienda y paga el pedido desde allí.",
  },
  ca: {
    title: "Pagament de prova",
    intro: "Aquesta és la passarel·la de proves de la botiga: no es cobra res. Tria com acaba el pagament.",
    order: "Comanda",
    amount: "Import",
    approve: "Aprovar el pagament",
    decline: "Rebutjar el pagament",
    paid: "Aquest pagament ja està aprovat.",
    failed: "Aquest pagament s'ha rebutjat.",
    closed: "Aquest pagament ja no és possible.",
    closedIntro:
      "La comanda ja està pagada o anul·lada, ha passat el termini de pagament, o has començat un altre pagament després d'aquest. Torna a la botiga per veure com està.",
    back: "Tornar a la botiga",
    missing: "No trobem aquest pagament",
    missingIntro: "L'enllaç no correspon a cap pagament de prova. Torna a la botiga i paga la comanda des d'allà.",
  },
  pt: {
    title: "Pagamento de teste",
    intro: "Este é o sistema de pagamentos de teste da loja: nada é cobrado. Escolha como termina o pagamento.",
    order: "Encomenda",
    amount: "Montante",
    approve: "Aprovar o pagamento",
    decline: "Recusar o pagamento",
    paid: "Este pagamento já foi aprovado.",
    failed: "Este pagamento foi recusado.",
    closed: "Este pagamento já não é possível.",
    closedIntro:
      "A encomenda já está paga ou anulada, o prazo de pagamento terminou, ou iniciou outro pagamento depois deste. Volte à loja para ver como está.",
    back: "Voltar à loja",
    missing: "Não encontramos este pagamento",
    missingIntro:
      "A ligação não corresponde a nenhum pagamento de teste. Volte à loja e pague a encomenda a partir de lá.",
  },
} as const satisfies Record<Locale, PageTexts>;

const STYLE = `
body{margin:0;background:${colors.beige};color:${colors.text};font-family:${fontFamily};line-height:1.5}
header{background:${colors.green};border-bottom:4px solid ${colors.orange};padding:16px 24px}
header p{margin:0;color:${colors.white};font-size:24px;font-weight:800}
main{max-width:480px;margin:24px auto;padding:24px;background:${colors.white};border-radius:8px}
h1{margin:0 0 12px;color:${colors.green};font-size:24px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:16px 0 24px}
dt{color:${colors.muted}}dd{margin:0;font-weight:700}
.actions{display:flex;flex-wrap:wrap;gap:12px}
button,a.button{display:inline-block;padding:12px 20px;border-radius:6px;border:2px solid ${colors.green};font:inherit;font-weight:700;cursor:pointer;text-decoration:none}
.approve{background:${colors.green};color:${colors.white}}
.decline{background:${colors.white};color:${colors.green}}
button:focus-visible,a.button:focus-visible{outline:3px solid ${colors.orange};outline-offset:2px}
`.trim();

/** The Content-Security-Policy of the page: nothing but its own style sheet; forms post to itself and redirect to the shop. */
export function sandboxPagePolicy(storefrontOrigin: string): string {
  const styleHash = createHash("sha256").update(STYLE).digest("base64");
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    // Browsers check a form's redirect against form-action too: the shop's return pages.
    `form-action 'self' ${storefrontOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(locale: Locale, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${LOCALE_TAGS[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${SHOP_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>${SHOP_NAME}</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

interface SandboxPageProps {
  locale: Locale;
  orderNumber: string;
  amount: Cents;
  currency: string;
  /** open: the buttons; paid, failed: the decided outcome; closed: voided, or its order no longer payable. */
  state: "open" | "paid" | "failed" | "closed";
  /** The page's own address: its forms post here. */
  action: string;
  /** Where "back to the shop" leads once the payment is decided. */
  returnUrl: string;
}

/** The page of one attempt: the buttons while it is open, else its outcome, or that it can no longer be paid. */
export function sandboxPage(props: SandboxPageProps): string {
  const t = texts[props.locale];
  const tag = LOCALE_TAGS[props.locale];
  // Every payment the shop makes is in euros; a row that says otherwise is shown in its own currency.
  const amount =
    props.currency === "EUR"
      ? formatCents(props.amount, tag)
      : new Intl.NumberFormat(tag, { style: "currency", currency: props.currency }).format(props.amount / 100);
  const details = `<dl><dt>${t.order}</dt><dd>${escapeHtml(props.orderNumber)}</dd><dt>${t.amount}</dt><dd>${escapeHtml(amount)}</dd></dl>`;
  const decision = (value: "approve" | "decline", label: string) =>
    `<form method="post" action="${escapeHtml(props.action)}"><input type="hidden" name="decision" value="${value}"><button type="submit" class="${value}">${escapeHtml(label)}</button></form>`;
  const back = `<p><a class="button approve" href="${escapeHtml(props.returnUrl)}">${t.back}</a></p>`;
  const outcome = {
    paid: `<p role="status">${t.paid}</p>`,
    failed: `<p role="status">${t.failed}</p>`,
    closed: `<p role="status">${t.closed}</p><p>${t.closedIntro}</p>`,
  };
  const body =
    props.state === "open"
      ? `<p>${t.intro}</p>${details}<div class="actions">${decision("approve", t.approve)}${decision("decline", t.decline)}</div>`
      : `${outcome[props.state]}${details}${back}`;
  return page(props.locale, t.title, `<h1>${t.title}</h1>\n${body}`);
}

/** The page for a reference that names no sandbox payment. */
export function missingSandboxPage(locale: Locale): string {
  const t = texts[locale];
  return page(locale, t.missing, `<h1>${t.missing}</h1>\n<p>${t.missingIntro}</p>`);
}

// ---- Saving a card (docs/decisions/029) ----------------------------------------------------------

/** What the customer may answer on the card page: save, refuse, or be asked to authenticate first. */
export const SANDBOX_CARD_DECISIONS = [
  "approve",
  "decline",
  "authenticate",
  "authenticated",
  "not_authenticated",
] as const;
export type SandboxCardDecision = (typeof SANDBOX_CARD_DECISIONS)[number];

const cardTexts = {
  es: {
    title: "Guardar una tarjeta de prueba",
    intro: "Esta es la pasarela de pruebas de la tienda: no se guarda ninguna tarjeta real ni se cobra nada.",
    card: "Tarjeta",
    approve: "Guardar la tarjeta",
    decline: "Rechazar la tarjeta",
    authenticate: "Pedir autenticación",
    challenge: "Autenticación del banco",
    challengeIntro: "Tu banco de prueba pide que confirmes que eres tú.",
    authenticated: "Confirmar: soy yo",
    notAuthenticated: "No confirmar",
    closed: "Esta tarjeta ya no espera respuesta.",
    back: "Volver a la tienda",
  },
  ca: {
    title: "Desar una targeta de prova",
    intro: "Aquesta és la passarel·la de proves de la botiga: no es desa cap targeta real ni es cobra res.",
    card: "Targeta",
    approve: "Desar la targeta",
    decline: "Rebutjar la targeta",
    authenticate: "Demanar autenticació",
    challenge: "Autenticació del banc",
    challengeIntro: "El teu banc de prova demana que confirmis que ets tu.",
    authenticated: "Confirmar: soc jo",
    notAuthenticated: "No confirmar",
    closed: "Aquesta targeta ja no espera resposta.",
    back: "Tornar a la botiga",
  },
  pt: {
    title: "Guardar um cartão de teste",
    intro: "Este é o sistema de pagamentos de teste da loja: nenhum cartão real é guardado e nada é cobrado.",
    card: "Cartão",
    approve: "Guardar o cartão",
    decline: "Recusar o cartão",
    authenticate: "Pedir autenticação",
    challenge: "Autenticação do banco",
    challengeIntro: "O seu banco de teste pede que confirme que é você.",
    authenticated: "Confirmar: sou eu",
    notAuthenticated: "Não confirmar",
    closed: "Este cartão já não espera resposta.",
    back: "Voltar à loja",
  },
} as const satisfies Record<Locale, Record<string, string>>;

interface SandboxCardPageProps {
  locale: Locale;
  /** What the sandbox's test card shows ("VISA •••• 4242"). */
  cardLabel: string;
  /** open: the three answers; challenge: the bank's authentication; closed: already decided. */
  state: "open" | "challenge" | "closed";
  /** The page's own address: its forms post here. */
  action: string;
  returnUrl: string;
}

/** The sandbox's page for saving a card: as the payment page, in the customer's language, without script. */
export function sandboxCardPage(props: SandboxCardPageProps): string {
  const t = cardTexts[props.locale];
  const details = `<dl><dt>${t.card}</dt><dd>${escapeHtml(props.cardLabel)}</dd></dl>`;
  const answer = (value: SandboxCardDecision, label: string, kind: "approve" | "decline") =>
    `<form method="post" action="${escapeHtml(props.action)}"><input type="hidden" name="decision" value="${value}"><button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;
  const bodies = {
    open: `<h1>${t.title}</h1>\n<p>${t.intro}</p>${details}<div class="actions">${answer("approve", t.approve, "approve")}${answer("decline", t.decline, "decline")}${answer("authenticate", t.authenticate, "decline")}</div>`,
    challenge: `<h1>${t.challenge}</h1>\n<p>${t.challengeIntro}</p>${details}<div class="actions">${answer("authenticated", t.authenticated, "approve")}${answer("not_authenticated", t.notAuthenticated, "decline")}</div>`,
    closed: `<h1>${t.title}</h1>\n<p role="status">${t.closed}</p>${details}<p><a class="button approve" href="${escapeHtml(props.returnUrl)}">${t.back}</a></p>`,
  };
  return page(props.locale, props.state === "challenge" ? t.challenge : t.title, bodies[props.state]);
}
