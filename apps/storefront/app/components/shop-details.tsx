import type { ReactNode } from "react";
import { usePageLanguage, useRootData } from "~/root-data";
import type { Messages } from "~/i18n";
import type { ShopDetails } from "~/shop-details";

/** The shop's details from the root loader; null while the CMS has none to give. */
export function useShopDetails(): ShopDetails | null {
  return useRootData()?.shop ?? null;
}

type Row = readonly [label: string, value: ReactNode];

function DetailsList({ rows }: { rows: readonly (Row | null)[] }) {
  const shown = rows.filter((row): row is Row => row !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
      {shown.map(([label, value]) => (
        <div key={label} className="grid gap-y-0.5 sm:col-span-2 sm:grid-cols-subgrid">
          <dt className="text-sm font-bold text-sand-700">{label}</dt>
          <dd className="text-sand-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const LINK = "font-semibold text-leaf-700 underline hover:text-leaf-800";

function Address({ lines }: { lines: readonly string[] }) {
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** The rows both lists show: how to write or call the shop, and where it is. */
function reachRows(shop: ShopDetails, info: Messages["shopInfo"]) {
  return {
    email: shop.email
      ? ([
          info.email,
          <a key="email" href={`mailto:${shop.email}`} className={LINK}>
            {shop.email}
          </a>,
        ] as const)
      : null,
    phone: shop.phone
      ? ([
          info.phone,
          <a key="phone" href={shop.phone.href} className={`${LINK} whitespace-nowrap`}>
            {shop.phone.text}
          </a>,
        ] as const)
      : null,
    address: shop.address.length > 0 ? ([info.address, <Address key="address" lines={shop.address} />] as const) : null,
  };
}

/** E-mail, phone, opening hours and address: the contact page's ways to reach the shop besides the form. */
export function ContactDetails({ shop }: { shop: ShopDetails }) {
  const info = usePageLanguage().messages.shopInfo;
  const reach = reachRows(shop, info);
  return (
    <DetailsList
      rows={[
        reach.email,
        reach.phone,
        shop.openingHours ? [info.openingHours, shop.openingHours] : null,
        reach.address,
      ]}
    />
  );
}

/** Who runs the site, as the law asks a legal notice to say (LSSI-CE, art. 10). */
export function OwnerDetails({ shop }: { shop: ShopDetails }) {
  const info = usePageLanguage().messages.shopInfo;
  const reach = reachRows(shop, info);
  return (
    <DetailsList
      rows={[
        shop.legalName ? [info.legalName, shop.legalName] : null,
        shop.taxId ? [info.taxId, shop.taxId] : null,
        reach.address,
        shop.registration ? [info.registration, shop.registration] : null,
        reach.email,
        reach.phone,
      ]}
    />
  );
}
