import {
  accountSchema,
  addressListSchema,
  addressSchema,
  authAnswerSchema,
  changePasswordBody,
  deleteAccountAnswerSchema,
  okAnswerSchema,
} from "@shop/contracts";
import { pathTo } from "@shop/routing";
import { data, redirect } from "react-router";
import { z } from "zod";
import { clearSessionCookie, forgetCustomerSessions, forgetSession } from "~/session.server";
import {
  ADDRESS_FIELDS,
  addressFromForm,
  deletionFromForm,
  documentIdOf,
  echoOf,
  PROFILE_FIELDS,
  profileFromForm,
  requireCustomer,
  signInAgain,
  type SignedInCustomer,
  type Visit,
} from "./account-area.server";
import {
  accountCall,
  accountErrorsOf,
  readAccountForm,
  refuseForm,
  refuseInvalid,
  storeToken,
  type AccountRefusal,
} from "./account.server";
import { flashCookie } from "./flash.server";

/**
 * The profile page's forms (routes/profile.tsx posts them all to one action, told apart by
 * `intent`): the personal data, the address book (save or delete one address), the password and
 * the account's deletion. The route module only hands the visit over; each form's parsing, CMS
 * call and answer live here, beside the rest of the account's server code.
 */

/** What a successful form says beside itself (the password change and the deletion redirect instead). */
export type ProfileDone = { readonly done: "profile" | "addressSaved" | "addressDeleted" };

/** The intents the page's forms post, each with the function that answers it. */
const INTENTS = {
  profile: saveProfile,
  address: saveAddress,
  deleteAddress: saveAddress,
  password: changePassword,
  deleteAccount: deleteAccount,
} as const;

type Intent = keyof typeof INTENTS;

const isIntent = (value: string): value is Intent => Object.hasOwn(INTENTS, value);

/** One posted form of the signed-in customer, and how to refuse it beside that form. */
interface ProfileForm {
  readonly visit: Visit;
  readonly signedIn: SignedInCustomer;
  readonly fields: Readonly<Record<string, string>>;
  readonly intent: Intent;
  /** A refusal beside its form; a token the CMS no longer believes goes to sign in again. */
  readonly refuse: (refusal: AccountRefusal, values: Record<string, string>) => ReturnType<typeof refuseForm>;
}

/** Answers whichever of the profile page's forms was posted; an unknown one is a 400. */
export async function profileAction(visit: Visit) {
  const { request, context } = visit;
  const signedIn = requireCustomer(visit);
  const { fields } = await readAccountForm(request, []);
  const intent = fields.intent ?? "";
  if (!isIntent(intent)) {
    throw data("Unknown form: send intent=profile, address, deleteAddress, password or deleteAccount", {
      status: 400,
    });
  }
  const refuse: ProfileForm["refuse"] = (refusal, values) => {
    if (refusal.status === "signedOut") throw signInAgain(request, context.locale);
    return refuseForm(refusal, { values, intent });
  };
  return INTENTS[intent]({ visit, signedIn, fields, intent, refuse });
}

async function saveProfile({ signedIn: { token }, fields, intent, refuse }: ProfileForm) {
  const values = echoOf(fields, PROFILE_FIELDS);
  const profile = profileFromForm(fields);
  if (!profile.ok) return refuseInvalid(profile.errors, values, intent);
  const saved = await accountCall("/users/me", accountSchema, { method: "PUT", token, body: profile.body });
  if (!saved.ok) return refuse(saved, values);
  // The header's greeting and every page read the customer from the session cache.
  forgetSession(token);
  return { done: "profile" } satisfies ProfileDone;
}

const addressAnswer = z.object({ data: addressSchema });

/** Saves a new or changed address (intent "address") or deletes one ("deleteAddress"). */
async function saveAddress({ signedIn: { token }, fields, intent, refuse }: ProfileForm) {
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
  if (answer.ok) return { done: intent === "address" ? "addressSaved" : "addressDeleted" } satisfies ProfileDone;
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

/** Whether the customer still has the address; true when the CMS cannot say (the general refusal then stands). */
async function hasAddress(token: string, documentId: string): Promise<boolean> {
  const list = await accountCall("/users/me/addresses", addressListSchema, { token });
  return !list.ok || list.value.data.some((address) => address.documentId === documentId);
}

async function changePassword({ visit, signedIn: { token, customer }, fields, intent, refuse }: ProfileForm) {
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
  const headers = storeToken(token, changed.value.jwt);
  headers.append("Set-Cookie", flashCookie("passwordChanged"));
  return redirect(pathTo("profile", visit.context.locale), { headers });
}

async function deleteAccount({ visit, signedIn: { token, customer }, fields, intent, refuse }: ProfileForm) {
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
  return redirect(pathTo("home", visit.context.locale), { headers });
}
