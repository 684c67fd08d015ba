import { LOCALES, text, type Locale } from "@shop/domain";
import { z } from "zod";

/**
 * When and how the impact figures were counted, as staff keep them beside the figures in the
 * "Impact metrics" single type (GET /api/impact-metric). The figures themselves come from the
 * specification's GET /utils/metrics; this answer adds the day they were counted up to (`asOf`,
 * else the day staff last saved them) and how each is measured (`method_*`, Markdown), which the
 * home, impact and food-waste pages show with them.
 */

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const method = Object.fromEntries(LOCALES.map((locale) => [`method_${locale}`, z.string().nullish()])) as {
  [Key in `method_${Locale}`]: z.ZodOptional<z.ZodNullable<z.ZodString>>;
};

export const impactMetricAnswerSchema = z.object({
  data: z.object({
    asOf: z.string().regex(isoDate).nullish(),
    updatedAt: z.string().nullish(),
    ...method,
  }),
});
export type ImpactMetricAnswer = z.output<typeof impactMetricAnswerSchema>;

export interface ImpactNotes {
  /** The day (YYYY-MM-DD, the shop's calendar) the figures were counted up to; null when unknown. */
  readonly asOf: string | null;
  /** How the figures are measured, per language (Markdown); null where staff wrote nothing. */
  readonly method: Readonly<Record<Locale, string | null>>;
}

/** The day of an instant in Spain, where the shop keeps its calendar. */
function shopDay(instant: string): string | null {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString("sv-SE", { timeZone: "Europe/Madrid" });
}

export function toImpactNotes({ data }: ImpactMetricAnswer): ImpactNotes {
  const method = Object.fromEntries(LOCALES.map((locale) => [locale, text(data[`method_${locale}`])])) as Record<
    Locale,
    string | null
  >;
  return { asOf: data.asOf ?? (data.updatedAt ? shopDay(data.updatedAt) : null), method };
}
