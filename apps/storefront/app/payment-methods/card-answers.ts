import type { PaymentStart } from "@shop/contracts";
import type { CardTexts } from "./texts";

/** What the server (./cards.server.ts) tells the Cards section (./cards-section.tsx). */

/** What the outcome of adding a card says, and how: done (saved), waiting (not confirmed yet), problem. */
export interface CardOutcome {
  readonly tone: "done" | "waiting" | "problem";
  readonly text: string;
}

/** A bank's form the browser posts to start the setup (Redsys), with the words around its button. */
interface CardPaymentForm {
  readonly payment: PaymentStart;
  readonly texts: CardTexts["redirect"];
}

/** What a card form answers beside the Cards section. */
export type CardAnswer =
  | { readonly cardDone: "defaultChanged" | "removed" }
  | { readonly cardRefusal: { readonly card: string | null; readonly text: string } }
  | { readonly cardPaymentForm: CardPaymentForm };
