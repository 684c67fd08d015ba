import type { Account, Address } from "@shop/contracts";

/**
 * What the delivery step's "I need an invoice" starts with when the draft has no invoice yet
 * (docs/decisions/039): a company's profile (its name and NIF/CIF) and its default billing address
 * from the address book, with the box ticked, since a company needs the invoice to deduct its VAT;
 * a consumer's tax id and billing address when they gave them, unticked. The customer can change
 * any of it for this order.
 */
export interface InvoiceDefaults {
  readonly wanted: boolean;
  readonly name: string;
  readonly taxId: string;
  /** The address book's default billing address, if one is marked. */
  readonly address: Address | null;
}

type Profile = Pick<Account, "customerKind" | "companyName" | "taxId" | "firstName" | "lastName">;

export function invoiceDefaultsOf(profile: Profile | null, addresses: readonly Address[]): InvoiceDefaults {
  const address = addresses.find((each) => each.isDefaultBilling) ?? null;
  const company = profile?.customerKind === "company";
  const person = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
  return {
    wanted: company,
    name: (company ? profile.companyName : null) ?? (person || address?.company || address?.fullName || ""),
    taxId: profile?.taxId ?? "",
    address,
  };
}
