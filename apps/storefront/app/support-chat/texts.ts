import type { Locale } from "@shop/routing";

/**
 * The support chat's words. Only the chat's chunk imports them (as i18n/away-titles.ts is only in
 * the client behaviours' chunk), so no page's first load or data carries them (decision 006).
 */
export const SUPPORT_CHAT_TEXTS = {
  es: {
    launcher: "Chatea con nosotros",
    heading: "Atención al cliente",
    frameTitle: "Chat de atención al cliente",
    loading: "Cargando el chat…",
    close: "Cerrar el chat",
  },
  ca: {
    launcher: "Xateja amb nosaltres",
    heading: "Atenció al client",
    frameTitle: "Xat d'atenció al client",
    loading: "Carregant el xat…",
    close: "Tanca el xat",
  },
  pt: {
    launcher: "Converse connosco",
    heading: "Apoio ao cliente",
    frameTitle: "Chat de apoio ao cliente",
    loading: "A carregar o chat…",
    close: "Fechar o chat",
  },
} as const satisfies Record<
  Locale,
  { launcher: string; heading: string; frameTitle: string; loading: string; close: string }
>;
