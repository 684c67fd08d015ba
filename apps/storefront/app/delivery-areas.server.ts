import { deliveryAreasAnswerSchema, type DeliveryAreasAnswer } from "@shop/contracts";
import type { Locale } from "@shop/routing";
import { cachedResource, CMS_DATA_FRESH_MS, CMS_DATA_MAX_STALE_MS } from "./cache.server";
import { cmsGet } from "./cms.server";
import { deliveryAreasView, type DeliveryAreasView } from "./delivery-areas";

/**
 * The delivery zones staff keep (the CMS's GET /delivery/areas), cached like the catalogue: a fee
 * changed in the admin panel shows on the pages within a minute. Null when the CMS has never
 * answered: the page then says it cannot show them, never figures of its own.
 */
const areas = cachedResource<DeliveryAreasAnswer | null>({
  name: "/delivery/areas",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  load: () => cmsGet("/delivery/areas", deliveryAreasAnswerSchema),
  onError: (previous) => previous ?? null,
  isUsable: (value) => value !== null,
});

/** The zones as the page in `locale` says them. */
export async function getDeliveryAreas(locale: Locale): Promise<DeliveryAreasView> {
  return deliveryAreasView(await areas.get(), locale);
}
