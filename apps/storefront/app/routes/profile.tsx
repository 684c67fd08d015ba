import { TEXT_BUTTON } from "~/components/button-styles";
import {
  accountSchema,
  addressListSchema,
  addressSchema,
  authAnswerSchema,
  changePasswordBody,
  deleteAccountAnswerSchema,
  DELETION_KEPT,
  okAnswerSchema,
} from "@shop/contracts";
import { pathTo, RESOURCE_PATHS } from "@shop/routing";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/profile";
import {
  ADDRESS_FIELDS,
  addressFromForm,
  deletionFromForm,
  documentIdOf,
  echoOf,
  loadForPage,
  PROFILE_FIELDS,
  profileFromForm,
  requireCustomer,
  signInAgain,
} from "~/accounts/account-area.server";
import {
  accountCall,
  accountErrorsOf,
  readAccountForm,
  refuseForm,
  refuseInvalid,
  storeToken,
  type AccountRefusal,
} from "~/accounts/account.server";
import { refusalOf } from "~/accounts/account-forms";
import { AccountHeading, DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { ADDRESS_PARAM, AddressBook } from "~/accounts/address-book";
import { DataDownload, DeletionForm, PasswordForm, PersonalDataForm } from "~/accounts/profile-forms";
import { flashCookie } from "~/accounts/flash.server";
import { accountTextsFor } from "~/accounts/texts";
import { authTextsFor } from "~/accounts/auth-texts";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";
import { clearSessionCookie, forgetCustomerSessions, forgetSession } from "~/session.server";

export const meta = screenMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  // The profile comes with the session (docs/decisions/024): the one CMS call is the address book.
  const { customer: account } = requireCustomer({ request, context });
  const addresses = await loadForPage({ request, context }, "/users/me/addresses", addressListSchema);
  const texts = accountTextsFor(locale);
  return {
    account,
    addresses: addresses?.data ?? null,
    editing: new URL(request.url).searchParams.get(ADDRESS_PARAM),
    texts: {
      area: texts.area,
      profile: texts.profile,
      addresses: texts.addresses,
      password: texts.password,
      data: texts.data,
      deletion: texts.deletion,
    },
    auth: authTextsFor(locale),
    // What the law makes the shop keep after a deletion: from the contract, on the server (it lives beside zod's schemas).
    kept: DELETION_KEPT,
  };
}

/** What a successful form says beside itself (the password change and the deletion redirect instead). */
type Done = { readonly done: "profile" | "addressSaved" | "addressDeleted" };

const addressAnswer = z.object({ data: addressSchema });

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context;
  const { token, customer } = requireCustomer({ request, context });
  const { fields } = await readAccountForm(request, []);
  const intent = fields.intent ?? "";
  /** A refusal beside its form; a token the CMS no longer believes goes to sign in again. */
  const refuse = (refusal: AccountRefusal, values: Record<string, string>) => {
    if (refusal.status === "signedOut") throw signInAgain(request, locale);
    return refuseForm(refusal, { values, intent });
  };

  if (intent === "profile") {
    const values = echoOf(fields, PROFILE_FIELDS);
    const profile = profileFromForm(fields);
    if (!profile.ok) return refuseInvalid(profile.errors, values, intent);
    const saved = await accountCall("/users/me", accountSchema, { method: "PUT", token, body: profile.body });
    if (!saved.ok) return refuse(saved, values);
    // The header's greeting and every page read the customer from the session cache.
    forgetSession(token);
    return { done: "profile" } satisfies Done;
  }

  if (intent === "address" || intent === "deleteAddress") {
    const values = echoOf(fields, ADDRESS_FIELDS);
    const posted = fields.documentId ?? "";
    const documentId = documentIdOf(posted);
    if (posted !== "" && documentId === null) return refuseInvalid({ form: { code: "invalid" } }, values, intent);
    const path = `/users/me/addresses${documentId ? `/${documentId}` : ""}`;
    let answer;
    if (intent === "deleteAddress") {
      if (!documentId) return refuseInvalid({ form: { code: "invalid" } }, values, intent);
      answer = await accountCall(path, okAnswerSchema, { method: "DELETE", token });
    } else {
      const address = addressFromForm(fields);
      if (!address.ok) return refuseInvalid(address.errors, values, intent);
      answer = await accountCall(path, addressAnswer, {
        method: documentId ? "PUT" : "POST",
        token,
        body: address.body,
      });
    }
    forgetSession(token);
    if (answer.ok) return { done: intent === "address" ? "addressSaved" : "addressDeleted" } satisfies Done;
    // The CMS answers 404 for an address that is gone (deleted in another tab): say that, not "try later".
    if (
      (answer.status === "notFound" || answer.status === "failed") &&
      documentId &&
      !(await hasAddress(token, documentId))
    ) {
      return data({ missingAddress: true } as const, { status: 404 });
    }
    return refuse(answer, values);
  }

  if (intent === "password") {
    const parsed = changePasswordBody.safeParse({
      currentPassword: fields.currentPassword ?? "",
      password: fields.password ?? "",
      passwordConfirmation: fields.passwordConfirmation ?? "",
    });
    if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), {}, intent);
    const changed = await accountCall("/auth/change-password", authAnswerSchema, {
      method: "POST",
      token,
      body: parsed.data,
    });
    if (!changed.ok) return refuse(changed, {});
    // The change retired every session, this one too: the answer's token signs this device in again,
    // and every storefront process forgets the customer's other devices (docs/decisions/024).
    forgetCustomerSessions(customer.id);
    const headers = storeToken(request, changed.value.jwt);
    headers.append("Set-Cookie", flashCookie("passwordChanged"));
    return redirect(pathTo("profile", locale), { headers });
  }

  if (intent === "deleteAccount") {
    const deletion = deletionFromForm(fields);
    if (!deletion.ok) return refuseInvalid(deletion.errors, {}, intent);
    const deleted = await accountCall("/users/me", deleteAccountAnswerSchema, {
      method: "DELETE",
      token,
      body: deletion.body,
    });
    if (!deleted.ok) return refuse(deleted, {});
    forgetCustomerSessions(customer.id);
    const headers = new Headers({ "Set-Cookie": clearSessionCookie() });
    headers.append("Set-Cookie", flashCookie("accountDeleted"));
    return redirect(pathTo("home", locale), { headers });
  }

  throw data("Unknown form: send intent=profile, address, deleteAddress, password or deleteAccount", { status: 400 });
}

async function hasAddress(token: string, documentId: string): Promise<boolean> {
  const list = await accountCall("/users/me/addresses", addressListSchema, { token });
  return !list.ok || list.value.data.some((address) => address.documentId === documentId);
}

const SECTIONS = ["personal", "addresses", "password", "your-data", "delete"] as const;

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, addresses, editing, texts, auth, kept } = loaderData;
  const { locale } = usePageLanguage();
  const profilePath = pathTo("profile", locale);
  const done = actionData && "done" in actionData ? actionData.done : null;
  const deleteRefusal = refusalOf(actionData, "deleteAddress");
  const missingAddress = Boolean(actionData && "missingAddress" in actionData);
  const headings: Record<(typeof SECTIONS)[number], string> = {
    personal: texts.profile.personalHeading,
    addresses: texts.addresses.heading,
    password: texts.password.heading,
    "your-data": texts.data.heading,
    delete: texts.deletion.heading,
  };
  // An account made with Apple may have no password: it is then not asked for.
  const mayHaveNoPassword = account !== null && account.provider !== "local";
  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.profile.intro} />
      <nav aria-label={texts.profile.sections}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#${section}`} className={TEXT_BUTTON}>
                {headings[section]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Panel id="personal" heading={headings.personal}>
        <div className="grid gap-4">
          {done === "profile" ? <DoneNotice>{texts.profile.saved}</DoneNotice> : null}
          {account ? (
            <PersonalDataForm
              key={done === "profile" ? "saved" : "editing"}
              account={account}
              texts={texts.profile}
              auth={auth}
              refusal={refusalOf(actionData, "profile")}
              action={`${profilePath}#personal`}
            />
          ) : (
            <ProblemNotice>{texts.area.loadFailed}</ProblemNotice>
          )}
        </div>
      </Panel>
      <Panel id="addresses" heading={headings.addresses} intro={texts.addresses.intro}>
        <div className="grid gap-4">
          {done === "addressSaved" ? <DoneNotice>{texts.addresses.saved}</DoneNotice> : null}
          {done === "addressDeleted" ? <DoneNotice>{texts.addresses.deleted}</DoneNotice> : null}
          {missingAddress ? <ProblemNotice>{texts.addresses.missing}</ProblemNotice> : null}
          {deleteRefusal ? <ProblemNotice>{auth.form.serverError}</ProblemNotice> : null}
          {addresses ? (
            <AddressBook
              addresses={addresses}
              editing={done || missingAddress ? null : editing}
              texts={texts.addresses}
              auth={auth}
              refusal={refusalOf(actionData, "address")}
              profilePath={profilePath}
            />
          ) : (
            <ProblemNotice>{texts.area.loadFailed}</ProblemNotice>
          )}
        </div>
      </Panel>
      <Panel id="password" heading={headings.password} intro={texts.password.intro}>
        <div className="max-w-md">
          <PasswordForm
            texts={texts.password}
            auth={auth}
            refusal={refusalOf(actionData, "password")}
            action={`${profilePath}#password`}
            mayHaveNoPassword={mayHaveNoPassword}
          />
        </div>
      </Panel>
      <Panel id="your-data" heading={headings["your-data"]}>
        <DataDownload texts={texts.data} href={RESOURCE_PATHS.accountData} />
      </Panel>
      <Panel id="delete" heading={headings.delete} tone="danger">
        <DeletionForm
          texts={texts.deletion}
          auth={auth}
          refusal={refusalOf(actionData, "deleteAccount")}
          kept={kept}
          passwordRequired={!mayHaveNoPassword}
        />
      </Panel>
    </div>
  );
}
