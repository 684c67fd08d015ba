import type { Core } from "@strapi/strapi";
import type { Account, Address, AddressBody, ProfileBody } from "@shop/contracts";
import { MAX_ADDRESSES, POSTAL_ADDRESS_FIELDS } from "@shop/contracts";
import { toAccount } from "./accounts";
import { AccountError } from "./errors";
import { findUser } from "./sessions";
import { CONTENT_TYPES } from "../content-types";
import { insertLinks, insertRows } from "../database/bulk";
import type { Sql } from "../database/sql";

/**
 * What a signed-in customer keeps in their account: the profile and the address book (the
 * newsletter is src/newsletter/newsletter.ts). Every function takes the customer's own id, which only
 * the session gives (src/api/account/controllers/account.ts): nobody reaches another customer's
 * record through here.
 */

/** An address-book entry's fields: the postal address's (one list in @shop/contracts) and the book's own. */
const ADDRESS_FIELDS = [
  "documentId",
  "label",
  ...POSTAL_ADDRESS_FIELDS,
  "notes",
  "isDefaultDelivery",
  "isDefaultBilling",
] as const satisfies readonly (keyof Address)[];

type AddressRow = Address & { id: number };

export async function getAccount(strapi: Core.Strapi, userId: number): Promise<Account | null> {
  const user = await findUser(strapi, { id: userId });
  return user ? toAccount(user) : null;
}

/** Replaces the profile; e-mail, password, role and the account's state are never touched here. */
export async function updateProfile(strapi: Core.Strapi, userId: number, input: ProfileBody): Promise<Account> {
  await strapi.db.query(CONTENT_TYPES.user).update({
    where: { id: userId },
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      preferredLocale: input.preferredLocale,
      customerKind: input.customerKind,
      companyName: input.companyName,
      taxId: input.taxId,
    },
  });
  const account = await getAccount(strapi, userId);
  if (!account) throw new Error(`User ${userId} vanished while updating the profile`);
  return account;
}

// ---- Address book --------------------------------------------------------------------------------

const addresses = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.address);

function toAddress(row: AddressRow): Address {
  const address = {} as Record<string, unknown>;
  for (const field of ADDRESS_FIELDS) address[field] = row[field] ?? null;
  address.isDefaultDelivery = row.isDefaultDelivery === true;
  address.isDefaultBilling = row.isDefaultBilling === true;
  return address as Address;
}

async function rows(strapi: Core.Strapi, userId: number): Promise<AddressRow[]> {
  return (await addresses(strapi).findMany({
    where: { user: { id: userId } },
    orderBy: { id: "asc" },
  })) as AddressRow[];
}

export async function listAddresses(strapi: Core.Strapi, userId: number): Promise<Address[]> {
  return (await rows(strapi, userId)).map(toAddress);
}

/**
 * One default of each kind: the address marked default takes it from the others, and while the book
 * has addresses each kind has a default (the first address gets both).
 */
async function settleDefaults(strapi: Core.Strapi, userId: number, preferred?: AddressRow): Promise<void> {
  const all = await rows(strapi, userId);
  for (const flag of ["isDefaultDelivery", "isDefaultBilling"] as const) {
    const keep = preferred?.[flag] ? preferred : (all.find((row) => row[flag]) ?? all[0]);
    if (!keep) continue;
    const wrong = all.filter((row) => (row.id === keep.id) !== (row[flag] === true)).map((row) => row.id);
    for (const id of wrong) {
      await addresses(strapi).update({ where: { id }, data: { [flag]: id === keep.id } });
    }
  }
}

async function ownAddress(strapi: Core.Strapi, userId: number, documentId: string): Promise<AddressRow | null> {
  return (await addresses(strapi).findOne({ where: { documentId, user: { id: userId } } })) as AddressRow | null;
}

export async function createAddress(strapi: Core.Strapi, userId: number, input: AddressBody): Promise<Address> {
  const count = await addresses(strapi).count({ where: { user: { id: userId } } });
  if (count >= MAX_ADDRESSES) {
    throw new AccountError("tooManyAddresses", `An address book keeps at most ${MAX_ADDRESSES} addresses`);
  }
  const created = (await strapi.documents(CONTENT_TYPES.address as never).create({
    data: { ...input, user: userId } as never,
  })) as unknown as { documentId: string };
  const row = await ownAddress(strapi, userId, created.documentId);
  if (!row) throw new Error("The new address could not be read back");
  await settleDefaults(strapi, userId, row);
  return toAddress((await ownAddress(strapi, userId, created.documentId)) ?? row);
}

/**
 * An address added to the book the caller has just read (`book`, listAddresses): the order flow keeps
 * a new delivery address this way once the order is placed (ordering/drafts.ts). The row and its link
 * to the customer are written in one transaction, four statements where createAddress's document
 * service took some twenty-five on the placement's path (docs/decisions/056). It is no default unless
 * it is the book's first address, which gets both, as settleDefaults would leave it (and then settles
 * the book, as it does a book that somehow lacks a default). False when the book is full.
 */
export async function appendAddress(
  strapi: Core.Strapi,
  {
    userId,
    book,
    input,
    now,
  }: {
    userId: number;
    book: readonly Address[];
    input: Omit<AddressBody, "isDefaultDelivery" | "isDefaultBilling">;
    now: Date;
  },
): Promise<boolean> {
  if (book.length >= MAX_ADDRESSES) return false;
  const first = book.length === 0;
  await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const [id] = await insertRows(strapi, {
      uid: CONTENT_TYPES.address,
      now,
      rows: [
        {
          label: input.label,
          ...Object.fromEntries(POSTAL_ADDRESS_FIELDS.map((field) => [field, input[field] ?? null])),
          notes: input.notes,
          isDefaultDelivery: first,
          isDefaultBilling: first,
        },
      ],
    });
    await insertLinks(strapi, trx, {
      uid: CONTENT_TYPES.address,
      attribute: "user",
      rows: [{ rowId: id!, targetId: userId }],
    });
  });
  const settled = book.some((row) => row.isDefaultDelivery) && book.some((row) => row.isDefaultBilling);
  // A first address is settled too: two orders placed at once to an empty book (two tabs) each wrote
  // theirs as the default, and this keeps one of each kind (the oldest).
  if (first || !settled) await settleDefaults(strapi, userId);
  return true;
}

/** Null when the customer has no such address (another customer's is "no such address" too). */
export async function updateAddress(
  strapi: Core.Strapi,
  userId: number,
  documentId: string,
  input: AddressBody,
): Promise<Address | null> {
  const existing = await ownAddress(strapi, userId, documentId);
  if (!existing) return null;
  await addresses(strapi).update({ where: { id: existing.id }, data: input });
  const row = await ownAddress(strapi, userId, documentId);
  if (!row) return null;
  await settleDefaults(strapi, userId, row);
  return toAddress((await ownAddress(strapi, userId, documentId)) ?? row);
}

export async function deleteAddress(strapi: Core.Strapi, userId: number, documentId: string): Promise<boolean> {
  const existing = await ownAddress(strapi, userId, documentId);
  if (!existing) return false;
  await addresses(strapi).delete({ where: { id: existing.id } });
  await settleDefaults(strapi, userId);
  return true;
}

/** Deleting the account: every address of the customer goes. How many went. */
export async function deleteAllAddresses(strapi: Core.Strapi, userId: number): Promise<number> {
  const all = await rows(strapi, userId);
  for (const row of all) await addresses(strapi).delete({ where: { id: row.id } });
  return all.length;
}
