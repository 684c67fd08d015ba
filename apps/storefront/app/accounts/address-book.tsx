import { Suspense, useEffect } from "react";
import { MAX_ADDRESSES, type Address } from "@shop/contracts";
import { Link } from "react-router";
import type { AccountFormRefusal } from "./account-forms";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { onDemand } from "~/components/on-demand";
import { ProblemNotice } from "./account-area";
import type { AuthTexts } from "./auth-texts";
import type { AccountTexts } from "./texts";
import { format } from "~/i18n/format";

/** Query parameter that opens the address editor: a document id, or NEW_ADDRESS. */
export const ADDRESS_PARAM = "address";
export const NEW_ADDRESS = "new";
/** Where the editor is, so that opening it scrolls there. */
export const ADDRESS_FORM_ID = "address-form";

type AddressTexts = AccountTexts["addresses"];

/**
 * The editor's code is not part of the page's first load (decision 006): the book fetches it once
 * the page has hydrated, so it is there when the customer opens the editor; a page the server
 * rendered with the editor open fetches it before hydrating (components/on-demand.tsx).
 */
const Editor = onDemand(() => import("./address-editor").then((module) => module.AddressEditor));
if (typeof document !== "undefined" && document.getElementById(ADDRESS_FORM_ID)) Editor.holdHydration();
const AddressEditor = Editor.Component;

function AddressCard({ address, texts, editHref }: { address: Address; texts: AddressTexts; editHref: string }) {
  const name = address.label ?? address.fullName;
  const lines = [
    address.label ? address.fullName : null,
    address.company,
    address.line1,
    address.line2,
    `${address.postalCode} ${address.city}`,
    [address.region, texts.countries[address.country]].filter(Boolean).join(", "),
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <li className="flex flex-col gap-3 rounded-2xl p-4 ring-1 ring-sand-200">
      <div className="min-w-0 flex-1">
        <p className="font-bold">{name}</p>
        <address className="not-italic text-sand-700 [overflow-wrap:anywhere]">
          {lines.map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </address>
        {address.isDefaultDelivery || address.isDefaultBilling ? (
          <ul className="mt-2 flex flex-wrap gap-2 text-sm font-semibold">
            {address.isDefaultDelivery ? (
              <li className="rounded-full bg-leaf-100 px-3 py-1 text-leaf-800">{texts.defaultDelivery}</li>
            ) : null}
            {address.isDefaultBilling ? (
              <li className="rounded-full bg-sand-200 px-3 py-1 text-sand-900">{texts.defaultBilling}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <Link
        to={editHref}
        aria-label={format(texts.editLabel, { name })}
        className="inline-flex min-h-11 items-center self-start font-semibold text-leaf-700 underline"
      >
        {texts.edit}
      </Link>
    </li>
  );
}

/**
 * The address book: every address with its defaults, and one editor at a time (a new address, or
 * the one named by `?address=`), reached by plain links so that it works before JavaScript.
 */
export function AddressBook({
  addresses,
  editing,
  texts,
  auth,
  refusal,
  profilePath,
}: {
  addresses: readonly Address[];
  /** `?address=` of the page: an address's document id or NEW_ADDRESS. */
  editing: string | null;
  texts: AddressTexts;
  auth: AuthTexts;
  refusal: AccountFormRefusal | undefined;
  profilePath: string;
}) {
  useEffect(() => Editor.prefetch(), []);
  const action = `${profilePath}#addresses`;
  const hrefFor = (id: string) => `${profilePath}?${ADDRESS_PARAM}=${encodeURIComponent(id)}#${ADDRESS_FORM_ID}`;
  // After a refusal the editor stays open on what was typed, whatever the address bar says.
  const target = refusal ? refusal.values.documentId || NEW_ADDRESS : editing;
  const edited = target && target !== NEW_ADDRESS ? (addresses.find((a) => a.documentId === target) ?? null) : null;
  const missing = target !== null && target !== NEW_ADDRESS && edited === null;
  return (
    <div className="grid gap-4">
      {missing ? <ProblemNotice>{texts.missing}</ProblemNotice> : null}
      {addresses.length === 0 ? (
        <p className="text-sand-700">{texts.empty}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard
              key={address.documentId}
              address={address}
              texts={texts}
              editHref={hrefFor(address.documentId)}
            />
          ))}
        </ul>
      )}
      {target === NEW_ADDRESS || edited ? (
        <Suspense fallback={null}>
          <AddressEditor
            key={edited?.documentId ?? NEW_ADDRESS}
            texts={texts}
            auth={auth}
            address={edited}
            refusal={refusal}
            action={action}
            cancelHref={`${profilePath}#addresses`}
            id={ADDRESS_FORM_ID}
          />
        </Suspense>
      ) : addresses.length < MAX_ADDRESSES ? (
        <Link to={hrefFor(NEW_ADDRESS)} className={`${SECONDARY_BUTTON} self-start`}>
          {texts.add}
        </Link>
      ) : null}
    </div>
  );
}
