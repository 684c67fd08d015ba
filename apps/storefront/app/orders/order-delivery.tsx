import type { DeliveryAddress, Order } from "@shop/contracts";
import type { OrdersTexts } from "./texts";
import { format } from "~/i18n/format";
import { invoiceHref } from "./invoice-href";

/** The names of the countries an address may be in, in the page's language (the address book's). */
export type CountryNames = Readonly<Record<DeliveryAddress["country"], string>>;

/** A postal address as it is written on an envelope. */
function PostalAddress({
  address,
  countries,
  phoneLabel,
}: {
  address: DeliveryAddress;
  countries: CountryNames;
  phoneLabel?: string;
}) {
  return (
    <address className="not-italic">
      {[
        address.fullName,
        address.company,
        address.line1,
        address.line2,
        `${address.postalCode} ${address.city}`,
        address.region,
        countries[address.country],
      ]
        .filter((part): part is string => Boolean(part))
        .map((part, index) => (
          <span key={index} className="block">
            {part}
          </span>
        ))}
      {address.phone && phoneLabel ? (
        <span className="block">{format(phoneLabel, { phone: address.phone })}</span>
      ) : null}
    </address>
  );
}

const TERM = "text-sm font-semibold text-sand-700";

/** When and where the order is delivered, and the customer's notes for the courier. */
export function OrderDelivery({
  delivery,
  deliveryOn,
  countries,
  texts,
}: {
  delivery: Order["delivery"];
  /** The delivery day as the page says it. */
  deliveryOn: string;
  countries: CountryNames;
  texts: OrdersTexts["delivery"];
}) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div>
        <dt className={TERM}>{texts.date}</dt>
        <dd className="first-letter:uppercase">{deliveryOn}</dd>
      </div>
      <div>
        <dt className={TERM}>{texts.slot}</dt>
        <dd>{format(texts.slotRange, { start: delivery.slot.start, end: delivery.slot.end })}</dd>
      </div>
      <div>
        <dt className={TERM}>{texts.address}</dt>
        <dd>
          <PostalAddress address={delivery.address} countries={countries} phoneLabel={texts.phone} />
        </dd>
      </div>
      {delivery.notes ? (
        <div>
          <dt className={TERM}>{texts.notes}</dt>
          <dd className="whitespace-pre-line">{delivery.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The name, tax id and address the invoice is made out to. */
export function OrderInvoice({
  invoice,
  documents,
  countries,
  texts,
}: {
  invoice: NonNullable<Order["invoice"]>;
  /** The invoices issued (docs/decisions/039): each one's PDF to download. */
  documents: NonNullable<Order["invoices"]>;
  countries: CountryNames;
  texts: OrdersTexts["invoice"];
}) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <dt className={TERM}>{texts.documents}</dt>
        <dd>
          {documents.length === 0 ? (
            texts.pending
          ) : (
            <ul className="grid gap-1">
              {documents.map((document) => (
                <li key={document.number}>
                  <a
                    href={invoiceHref(document.number)}
                    download={`${document.number}.pdf`}
                    className="font-semibold text-leaf-800 underline"
                  >
                    {format(document.kind === "corrective" ? texts.corrective : texts.download, {
                      number: document.number,
                    })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt className={TERM}>{texts.name}</dt>
        <dd>{invoice.name}</dd>
      </div>
      <div>
        <dt className={TERM}>{texts.taxId}</dt>
        <dd>{invoice.taxId}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className={TERM}>{texts.address}</dt>
        <dd>
          <PostalAddress address={invoice.address} countries={countries} />
        </dd>
      </div>
    </dl>
  );
}
