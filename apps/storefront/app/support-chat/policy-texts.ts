import type { Locale } from "@shop/routing";

/**
 * The cookie policy's part about the support chat (Markdown; `{provider}` is the chat page's host,
 * `{launcher}` the button's words), shown only while SUPPORT_CHAT_URL is set, so the page never
 * speaks of a chat the shop does not have (as the analytics part of decision 016). Only the server
 * reads it: it travels with the cookie policy page's data.
 */
export const SUPPORT_CHAT_POLICY = {
  es: {
    heading: "Chat de atención al cliente",
    body:
      "El chat lo presta {provider}. Solo se carga cuando lo abres con el botón «{launcher}»: hasta entonces, {provider} no recibe nada de tu visita.\n\n" +
      "Al abrirlo, {provider} puede guardar en tu navegador sus propias cookies para mantener la conversación. Son necesarias para el chat que has pedido y las rige la política de privacidad de {provider}, que recibe por encargo nuestro lo que escribas en el chat.",
  },
  ca: {
    heading: "Xat d'atenció al client",
    body:
      "El xat el presta {provider}. Només es carrega quan l'obres amb el botó «{launcher}»: fins llavors, {provider} no rep res de la teva visita.\n\n" +
      "En obrir-lo, {provider} pot desar al teu navegador les seves pròpies galetes per mantenir la conversa. Són necessàries per al xat que has demanat i les regeix la política de privadesa de {provider}, que rep per encàrrec nostre el que escriguis al xat.",
  },
  pt: {
    heading: "Chat de apoio ao cliente",
    body:
      "O chat é prestado por {provider}. Só é carregado quando o abre com o botão «{launcher}»: até lá, {provider} não recebe nada da sua visita.\n\n" +
      "Ao abri-lo, {provider} pode guardar no seu navegador os seus próprios cookies para manter a conversa. São necessários para o chat que pediu e regem-se pela política de privacidade de {provider}, que recebe por nossa conta o que escrever no chat.",
  },
} as const satisfies Record<Locale, { heading: string; body: string }>;
