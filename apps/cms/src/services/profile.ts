import type { Core } from "@strapi/strapi";
import type { Account, Address, AddressBody, NewsletterAnswer, NewsletterBody, ProfileBody } from "@shop/contracts";
import { MAX_ADDRESSES } from "@shop/contracts";
import { toLocale } from "@shop/domain";
import { toAccount } from "./accounts";
import { AccountError } from "./errors";
import { findUser } from "./sessions";

/**
 * What a signed-in customer keeps in their account: the profile, the address book and the
 * newsletter consent. Every function takes the customer's own id, which only the session gives
 * (src/api/account/controllers/account.ts): nobody reaches another customer's record through here.
 */

const USER_UID = "plugin::users-permissions.user";
const ADDRESS_UID = "api::account.address";
const CONSENT_UID = "api::account.newsletter-consent";

const ADDRESS_FIELDS = [
  "documentId",
  "label",
  "fullName",
  "company",
  "line1",
  "line2",
  "postalCode",
  "city",
  "region",
  "country",
  "phone",
  "notes",
  "isDefaultDelivery",
  "isDefaultBilling",
] as const;

type AddressRow = Address & { id: number };

export async function getAccount(strapi: Core.Strapi, userId: number): Promise<Account | null> {
  const user = await findUser(strapi, { id: userId });
  return user ? toAccount(user) : null;
}

/** Replaces the profile; e-mail, password, role and the account's state are never touched here. */
export async function updateProfile(strapi: Core.Strapi, userId: number, input: ProfileBody): Promise<Account> {
  await strapi.db.query(USER_UID).update({
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

const addresses = (strapi: Core.Strapi) => strapi.db.query(ADDRESS_UID);

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
  const created = (await strapi.documents(ADDRESS_UID as never).create({
    data: { ...input, user: userId } as never,
  })) as unknown as { documentId: string };
  const row = await ownAddress(strapi, userId, created.documentId);
  if (!row) throw new Error("The new address could not be read back");
  await settleDefaults(strapi, userId, row);
  return toAddress((await ownAddress(strapi, userId, created.documentId)) ?? row);
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

// ---- Newsletter consent --------------------------------------------------------------------------

interface ConsentRow {
  subscribed: boolean;
  wording: string | null;
  locale: string;
  source: "account" | "register" | "footer";
  createdAt: string | Date;
}

export async function getNewsletter(strapi: Core.Strapi, userId: number): Promise<NewsletterAnswer> {
  const user = await findUser(strapi, { id: userId });
  const history = (await strapi.db.query(CONSENT_UID).findMany({
    where: { user: { id: userId } },
    orderBy: { id: "desc" },
    limit: 100,
  })) as ConsentRow[];
  return {
    subscribed: user?.newsletter === true,
    history: history.map((row) => ({
      subscribed: row.subscribed === true,
      wording: row.wording ?? null,
      locale: toLocale(row.locale),
      source: row.source,
      at: new Date(row.createdAt).toISOString(),
    })),
  };
}

/**
 * Subscribes or unsubscribes, and keeps the decision with its time, wording, language and place:
 * the record that shows consent was given, and when it was withdrawn.
 */
export async function setNewsletter(
  strapi: Core.Strapi,
  userId: number,
  input: NewsletterBody,
): Promise<NewsletterAnswer> {
  const user = await findUser(strapi, { id: userId });
  if (!user) throw new Error(`No user ${userId}`);
  await strapi.db.query(CONSENT_UID).create({
    data: {
      user: userId,
      email: user.email,
      subscribed: input.subscribed,
      wording: input.wording,
      locale: input.locale,
      source: input.source,
    },
  });
  await strapi.db.query(USER_UID).update({ where: { id: userId }, data: { newsletter: input.subscribed } });
  return getNewsletter(strapi, userId);
}
