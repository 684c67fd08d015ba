import type { ImpactNotes } from "@shop/contracts";
import type { ImpactMetrics } from "@shop/domain";
import type { Locale } from "@shop/routing";
import { longDate } from "./dates";

/** The impact figures as a page shows them: the figures, as of when, and how they are measured. */
export interface ImpactView {
  readonly figures: ImpactMetrics;
  /** The day the figures were counted up to, in the page's language; null when unknown (then not said). */
  readonly asOf: string | null;
  /** How the figures are measured (Markdown), in the page's language or Spanish; null when staff wrote nothing. */
  readonly method: string | null;
}

export function impactView(figures: ImpactMetrics, notes: ImpactNotes | null, locale: Locale): ImpactView {
  return {
    figures,
    asOf: notes?.asOf ? longDate(notes.asOf, locale) : null,
    method: notes ? (notes.method[locale] ?? notes.method.es) : null,
  };
}
