import type { Core, UID } from "@strapi/strapi";
import { LOCALES, type Locale } from "@shop/domain";

/** One seeded entry's text in each locale: the retired wording and the current seed's. */
export interface RetiredText {
  key: string;
  retired: Record<Locale, string>;
  current: Record<Locale, string>;
}

/**
 * Gives each locale's `${field}_<locale>` of the entry with that key the current seed's text, but
 * only where it still holds exactly the retired one: a text staff have edited is left alone, and
 * running it again changes nothing. How many texts it replaced.
 */
export async function renewRetiredTexts(
  strapi: Core.Strapi,
  { uid, field, texts }: { uid: UID.Schema; field: string; texts: RetiredText[] },
): Promise<number> {
  const query = strapi.db.query(uid);
  let renewed = 0;
  for (const { key, retired, current } of texts) {
    for (const locale of LOCALES) {
      const column = `${field}_${locale}`;
      const { count } = (await query.updateMany({
        where: { key, [column]: retired[locale] },
        data: { [column]: current[locale] },
      })) as { count: number };
      renewed += count;
    }
  }
  return renewed;
}
