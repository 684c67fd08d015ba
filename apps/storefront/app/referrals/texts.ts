import type { Locale } from "@shop/routing";

/**
 * The refer-a-friend page's texts (how inviting a friend works), in the three languages
 * (docs/decisions/026). They travel with that page's own data (its loader returns them), not with
 * every page's. The customer's own code and link are the account area's (accounts/texts.ts, referrals).
 */
const es = {
  step1Title: "Comparte tu código",
  step1Body: "En tu cuenta encontrarás un código personal para enviar a quien quieras.",
  step2Title: "Tu amigo hace su primer pedido",
  step2Body: "Con tu código, su primera caja tiene descuento.",
  step3Title: "Tú también ganas",
  step3Body: "Cuando recibe su primera caja, te aplicamos un descuento en tu próximo pedido.",
  signedOutCta: "Inicia sesión para ver tu código",
  signedInCta: "Ver mi código",
};

export type ReferralTexts = typeof es;

const ca = {
  step1Title: "Comparteix el teu codi",
  step1Body: "Al teu compte hi trobaràs un codi personal per enviar a qui vulguis.",
  step2Title: "El teu amic fa la primera comanda",
  step2Body: "Amb el teu codi, la seva primera caixa té descompte.",
  step3Title: "Tu també hi guanyes",
  step3Body: "Quan rep la primera caixa, t'apliquem un descompte a la teva propera comanda.",
  signedOutCta: "Inicia sessió per veure el teu codi",
  signedInCta: "Veure el meu codi",
} as const satisfies ReferralTexts;

const pt = {
  step1Title: "Partilhe o seu código",
  step1Body: "Na sua conta encontra um código pessoal para enviar a quem quiser.",
  step2Title: "O seu amigo faz a primeira encomenda",
  step2Body: "Com o seu código, a primeira caixa dele tem desconto.",
  step3Title: "Também ganha",
  step3Body: "Quando ele recebe a primeira caixa, aplicamos um desconto na sua próxima encomenda.",
  signedOutCta: "Inicie sessão para ver o seu código",
  signedInCta: "Ver o meu código",
} as const satisfies ReferralTexts;

const REFERRAL_TEXTS: Record<Locale, ReferralTexts> = { es, ca, pt };

export function referralTextsFor(locale: Locale): ReferralTexts {
  return REFERRAL_TEXTS[locale];
}
