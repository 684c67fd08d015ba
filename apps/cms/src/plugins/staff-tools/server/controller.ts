import type { Core } from "@strapi/strapi";
import { isIsoDate } from "@shop/domain";
import { z } from "zod";
import { asApiContext, type ApiContext, type KoaContext } from "../../../http/context";
import { sendValidationError, zodFieldErrors } from "../../../http/errors";
import { deliverySheetCsv, packingListCsv, type CsvOptions } from "../../../packing/packing";
import { deliverySheetFor, packingListFor, staffFilters, zoneNameOf, type DayFilter } from "../../../packing/orders";
import { PACKING_TEXTS, STAFF_LANGUAGES } from "../../../packing/texts";

/** ?date=YYYY-MM-DD[&zone=id][&format=csv][&lang=es]. A repeated parameter comes as an array: refused. */
const dayQuery = z.object({
  date: z.string({ error: "required" }).refine(isIsoDate, { error: "must be a date as YYYY-MM-DD" }),
  zone: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: "must be a zone id" })
    .transform(Number)
    .optional(),
  format: z.enum(["json", "csv"]).default("json"),
  lang: z.enum(STAFF_LANGUAGES).default("es"),
});

/** One of the day's sheets: how it is read, and written as a file. */
interface DaySheet<T> {
  fileName: string;
  load(strapi: Core.Strapi, filter: DayFilter): Promise<T>;
  toCsv(sheet: T, options: CsvOptions): string;
}

const PACKING_LIST = { fileName: "packing-list", load: packingListFor, toCsv: packingListCsv };
const DELIVERY_SHEET = { fileName: "delivery-sheet", load: deliverySheetFor, toCsv: deliverySheetCsv };

/** JSON for the admin page, or a download: Excel's UTF-8 CSV named after the sheet, the day and the zone. */
async function answerDay<T>(strapi: Core.Strapi, ctx: ApiContext, sheet: DaySheet<T>): Promise<void> {
  const parsed = dayQuery.safeParse(ctx.query);
  if (!parsed.success) {
    sendValidationError(ctx, "Invalid query", zodFieldErrors(parsed.error));
    return;
  }
  const { date, zone, format, lang } = parsed.data;
  // Names, addresses and phones: never kept by a browser or a proxy.
  ctx.set("Cache-Control", "private, no-store");
  const found = await sheet.load(strapi, { date, zoneId: zone ?? null });
  if (format === "json") {
    ctx.body = found;
    return;
  }
  const zoneName = zone === undefined ? null : await zoneNameOf(strapi, zone);
  ctx.set("Content-Type", "text/csv; charset=utf-8");
  ctx.set("Content-Disposition", `attachment; filename="${sheet.fileName}-${date}${zone ? `-zone-${zone}` : ""}.csv"`);
  ctx.body = sheet.toCsv(found, { texts: PACKING_TEXTS[lang], zoneName });
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /staff-tools/filters -> { nextDeliveryDay, zones: [{ id, name }] } */
  async filters(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    ctx.set("Cache-Control", "private, no-store");
    ctx.body = await staffFilters(strapi, new Date());
  },

  /** GET /staff-tools/packing-list?date=2026-11-24[&zone=3][&format=csv][&lang=ca] -> PackingList or CSV */
  async packingList(koaCtx: KoaContext) {
    await answerDay(strapi, asApiContext(koaCtx), PACKING_LIST);
  },

  /** GET /staff-tools/delivery-sheet?date=2026-11-24[&zone=3][&format=csv][&lang=pt] -> DeliverySheet or CSV */
  async deliverySheet(koaCtx: KoaContext) {
    await answerDay(strapi, asApiContext(koaCtx), DELIVERY_SHEET);
  },
});
