import type { Locale } from "@shop/domain";

/**
 * The document's title while the visitor's tab is hidden or blurred (specification section 2):
 * four, one at random. Only the lazily loaded client-behaviours chunk imports them, so no page's
 * first load carries them.
 */
export const AWAY_TITLES = {
  es: ["🍅 ¡Vuelve, que se enfría el huerto!", "Tu caja te espera 🥕", "¿Sigues ahí? 🍋", "Te guardamos la fruta 🍐"],
  ca: ["🍅 Torna, que l'hort t'espera!", "La teva caixa t'espera 🥕", "Encara hi ets? 🍋", "Et guardem la fruita 🍐"],
  pt: [
    "🍅 Volte, a horta espera por si!",
    "A sua caixa está à espera 🥕",
    "Ainda está aí? 🍋",
    "Guardámos-lhe a fruta 🍐",
  ],
} as const satisfies Record<Locale, readonly [string, string, string, string]>;
