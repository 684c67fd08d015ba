import type { Locale } from "@shop/domain";

/**
 * The seller's Commercial Registry entry as an invoice prints it, in the invoice's language
 * (docs/decisions/039). Staff write it once in the Shop settings, in Spanish, as the registry words
 * it ("Registro Mercantil de Barcelona, tomo 47321, folio 85, hoja B-512345", often after "Inscrita
 * en el"); an entry in that form is printed in Catalan or Portuguese on invoices in those languages,
 * the names and numbers unchanged. Anything else is printed as staff wrote it.
 */

const ENTRY =
  /^(?:inscrita en el\s+)?registro mercantil de\s+(?<place>[^,]+?),\s*tomo\s+(?<volume>[^,]+?),\s*folio\s+(?<folio>[^,]+?),\s*hoja\s+(?<sheet>[^,.]+?)(?:,\s*inscripci[oó]n\s+(?<entry>[^,.]+?))?\.?$/iu;

const WORDS = {
  ca: { registry: "Registre Mercantil de", volume: "tom", folio: "foli", sheet: "full", entry: "inscripció" },
  pt: { registry: "Registo Comercial de", volume: "tomo", folio: "fólio", sheet: "folha", entry: "inscrição" },
} as const satisfies Record<Exclude<Locale, "es">, Record<string, string>>;

export function registrationLine(registration: string, locale: Locale): string {
  // Spanish invoices print it as written.
  if (locale === "es") return registration;
  const parts = ENTRY.exec(registration.trim())?.groups;
  if (parts === undefined) return registration;
  const words = WORDS[locale];
  return [
    `${words.registry} ${parts.place}`,
    `${words.volume} ${parts.volume}`,
    `${words.folio} ${parts.folio}`,
    `${words.sheet} ${parts.sheet}`,
    ...(parts.entry ? [`${words.entry} ${parts.entry}`] : []),
  ].join(", ");
}
