import {
  areaInterestBody,
  emailRequestBody,
  EMPTY_ORDER_DRAFT,
  okAnswerSchema,
  registerBody,
  signInBody,
  signInCodeBody,
  type OrderDraft,
  type OrderDraftAnswer,
  type OrderDraftPatch,
} from "@shop/contracts";
import { normalizeCouponCode, PRODUCT_TYPES } from "@shop/domain";
import { normalizeGiftCardTail } from "@shop/domain/gift-cards";
import { pathTo, type Locale } from "@shop/routing";
import { data, redirect, type UNSAFE_DataWithResponseInit } from "react-router";
import { accountCall, accountErrorsOf, refuseForm, storeToken } from "~/accounts/account.server";
import { FORM_FIELD, type AccountFormRefusal } from "~/accounts/account-forms";
import type { PaymentForm } from "~/orders/payment-redirect";
import { getProducts } from "../catalogue.server";
import { readForm } from "../forms/read-form.server";
import { orderFlowTextsFor } from "./texts";
import { paymentResponse } from "~/orders/orders.server";
import { flashCookie } from "~/accounts/flash.server";
import { clearSessionCookie, forgetSession, sessionTokenOf, type RequestCookies } from "../session.server";
import { signInCall } from "~/accounts/sign-in.server";
import {
  addGiftCard,
  coverageOf,
  createDraft,
  draftCookie,
  draftTokenOf,
  forgetDraftCookie,
  patchDraft,
  placeOrder,
  quoteDraft,
  registerAreaInterest,
  removeGiftCard,
  type Caller,
  type FlowCall,
  type FlowErrors,
  type FlowRefusal,
} from "./draft.server";
import { BOX_FIELDS, INTENTS, ORDER_FIELDS, type FlowNotice, type Intent } from "./fields";
import { addressesOf, currentDraft, signedInToken, type FlowRequest } from "./flow.server";
import {
  boxAddedFromForm,
  boxRemovedFromForm,
  chosenBoxErrors,
  couponFromForm,
  deliveryErrors,
  deliveryFromForm,
  extrasErrors,
  extrasFromForm,
  newBoxErrors,
  orderFromForm,
  pickedPatch,
  pickedProductOf,
  planFromForm,
  postcodeFromForm,
  type Parsed,
} from "./forms.server";
import { noticeCookie } from "./notice.server";
import { nextStep, stepHref, stepOfField, type FlowStep } from "./steps";

/**
 * The new-order page's action: every step's form posts here with an `intent`. A step that went
 * through redirects to the next one (so a reload never posts twice); a refused one answers its
 * errors beside the fields and what was typed.
 */

interface Context {
  readonly request: Request;
  /** The request's cookies, parsed once by the request context (server/request-context.ts). */
  readonly cookies: RequestCookies;
  readonly form: FormData;
  readonly locale: Locale;
  readonly clientIp: string;
  /** The flow's path in the page's language. */
  readonly path: string;
  /** The signed-in customer's token, if any. */
  readonly user: string | null;
  /** The session cookie's token, believed or not (sign-out retires it either way). */
  readonly sessionToken: string | null;
  readonly intent: Intent;
}

/** Fields whose value never travels back to the page. */
const SECRET_FIELDS = new Set(["intent", "password", "code"]);
const MAX_ECHOED_FIELDS = 300;
const MAX_ECHOED_LENGTH = 500;

/** What a refused form shows again: every field as posted (several values joined by commas), cut short. */
export function echoOfForm(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of new Set(form.keys())) {
    if (SECRET_FIELDS.has(name) || Object.keys(values).length >= MAX_ECHOED_FIELDS) continue;
    values[name.slice(0, 100)] = form
      .getAll(name)
      .map((value) => (typeof value === "string" ? value : ""))
      .join(",")
      .slice(0, MAX_ECHOED_LENGTH);
  }
  return values;
}

function refuse(ctx: Context, errors: FlowErrors): UNSAFE_DataWithResponseInit<FlowActionData> {
  return data<AccountFormRefusal>(
    { status: "invalid", errors, values: echoOfForm(ctx.form), intent: ctx.intent, retryAfterMinutes: null },
    { status: 400 },
  );
}

function goTo(ctx: Context, step: FlowStep, { cookies = [] }: { cookies?: readonly string[] } = {}) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(stepHref(ctx.path, step), { headers });
}

/** Back to a step with a notice (a draft gone, a slot taken meanwhile). */
function goBackWith(ctx: Context, step: FlowStep, notice: FlowNotice, cookies: readonly string[] = []) {
  return goTo(ctx, step, { cookies: [...cookies, noticeCookie(notice)] });
}

/** A call the CMS refused: beside the fields, or back to where the problem can be solved. */
function refuseCall(ctx: Context, refusal: FlowRefusal, rename: (errors: FlowErrors) => FlowErrors = (e) => e) {
  if (refusal.status === "notFound") return goBackWith(ctx, "postcode", "draftExpired", [forgetDraftCookie()]);
  if (refusal.status === "signedOut") return goBackWith(ctx, "account", "signedOut");
  if (refusal.status === "invalid") return refuse(ctx, rename(refusal.errors));
  return refuseForm(refusal, { values: echoOfForm(ctx.form), intent: ctx.intent });
}

const next = (ctx: Context, step: FlowStep) => goTo(ctx, nextStep(step, { signedIn: ctx.user !== null }));

/** Each request's draft, read once however many handlers ask. */
const draftsOfRequests = new WeakMap<Context, ReturnType<typeof currentDraft>>();

function loadDraftOnce(ctx: Context) {
  let loading = draftsOfRequests.get(ctx);
  if (!loading) draftsOfRequests.set(ctx, (loading = currentDraft(ctx.cookies, ctx.user)));
  return loading;
}

/**
 * The draft the form is about; without one (never made, or expired) the flow starts again, and a
 * customer's draft asked for signed out waits on the account step for them to sign in again.
 */
async function requireDraft(ctx: Context) {
  const { answer, caller, expired, needsSignIn } = await loadDraftOnce(ctx);
  if (answer && caller) return { answer, caller };
  if (needsSignIn) throw goBackWith(ctx, "account", "signedOut");
  throw expired ? goBackWith(ctx, "postcode", "draftExpired", [forgetDraftCookie()]) : goTo(ctx, "postcode");
}

/** Patches the draft with what a step parsed; `to` is where an accepted step goes. */
async function patchStep(
  ctx: Context,
  parsed: Parsed<OrderDraftPatch>,
  { to, rename }: { to: (answer: OrderDraftAnswer) => Response; rename?: (errors: FlowErrors) => FlowErrors },
) {
  if (!parsed.ok) return refuse(ctx, parsed.errors);
  const { caller } = await requireDraft(ctx);
  const patched = await patchDraft(caller, parsed.value);
  return patched.ok ? to(patched.value) : refuseCall(ctx, patched, rename);
}

/**
 * The postcode: covered, on to the plan (the first form of the flow, so the draft is made here);
 * not covered, the page offers to tell the visitor when it is.
 */
async function choosePostcode(ctx: Context) {
  const parsed = postcodeFromForm(ctx.form);
  if (!parsed.ok) return refuse(ctx, parsed.errors);
  const coverage = await coverageOf(parsed.value);
  // Whatever the CMS says about the postcode is said beside the one field of the form.
  if (!coverage.ok)
    return refuseCall(ctx, coverage, (errors) => ({
      postcode: Object.values(errors)[0] ?? { code: "invalid_postcode" },
    }));
  if (!coverage.value.covered) return data<FlowActionData>({ notCovered: parsed.value });
  const { result, cookies } = await patchOrCreate(ctx, { postcode: parsed.value });
  return result.ok ? goTo(ctx, "plan", { cookies }) : refuseCall(ctx, result);
}

async function patchOrCreate(
  ctx: Context,
  patch: OrderDraftPatch,
): Promise<{ result: FlowCall<OrderDraftAnswer>; cookies: string[] }> {
  const token = draftTokenOf(ctx.cookies);
  if (token) {
    const result = await patchDraft({ draft: token, user: ctx.user }, patch);
    if (result.ok || result.status !== "notFound") return { result, cookies: [] };
  }
  const created = await createDraft(ctx.user, ctx.clientIp);
  if (!created.ok) return { result: created, cookies: [] };
  const newToken = created.value.token;
  if (!newToken) return { result: { ok: false, status: "failed" }, cookies: [] };
  const result = await patchDraft({ draft: newToken, user: ctx.user }, patch);
  return { result, cookies: [draftCookie(newToken)] };
}

async function askForArea(ctx: Context) {
  const { form, locale } = ctx;
  const consented = form.get("consent") === "true";
  const parsed = areaInterestBody.safeParse({
    email: form.get("email"),
    postcode: form.get("postcode"),
    locale,
    wording: orderFlowTextsFor(locale).postcode.consent,
  });
  const errors = {
    ...(parsed.success ? {} : accountErrorsOf(parsed.error)),
    ...(consented ? {} : { consent: { code: "required" } }),
  };
  if (!parsed.success || !consented) return refuse(ctx, errors);
  const sent = await registerAreaInterest(parsed.data, ctx.clientIp);
  if (!sent.ok) return refuseCall(ctx, sent);
  return data<FlowActionData>({ interestSent: { email: parsed.data.email, postcode: parsed.data.postcode } });
}

/** The account's own calls (as the sign-in and registration pages make them); a password by default. */
const SIGN_IN_PATHS: Partial<Record<Intent, string>> = {
  verifyCode: "/auth/sign-in-code/verify",
  register: "/auth/local/register",
};

/** Sign-in, a code, registration: the account's own calls, then on to the delivery. */
async function signIn(ctx: Context) {
  const { form, locale, clientIp, intent } = ctx;
  const values = echoOfForm(form);
  const text = (name: string) => form.get(name) ?? undefined;
  if (intent === INTENTS.requestCode) {
    const parsed = emailRequestBody.safeParse({ email: text("email"), locale });
    if (!parsed.success)
      return refuseForm({ ok: false, status: "invalid", errors: accountErrorsOf(parsed.error) }, { values, intent });
    const sent = await accountCall("/auth/sign-in-code", okAnswerSchema, {
      method: "POST",
      body: parsed.data,
      clientIp,
    });
    return sent.ok ? data<FlowActionData>({ codeSentTo: parsed.data.email }) : refuseForm(sent, { values, intent });
  }
  const attempt =
    intent === INTENTS.verifyCode
      ? signInCodeBody.safeParse({
          email: text("email"),
          // One cell per digit, all posted as `code` (accounts/code-cells.tsx).
          code: form.getAll("code").map(String).join("").replace(/\D/g, ""),
        })
      : intent === INTENTS.register
        ? registerBody.safeParse({
            email: text("email"),
            password: text("password"),
            firstName: text("firstName"),
            lastName: text("lastName"),
            preferredLocale: locale,
          })
        : signInBody.safeParse({ identifier: text("identifier"), password: text("password") });
  if (!attempt.success)
    return refuseForm({ ok: false, status: "invalid", errors: accountErrorsOf(attempt.error) }, { values, intent });
  const answer = await signInCall(SIGN_IN_PATHS[intent] ?? "/auth/local", attempt.data, clientIp);
  if (!answer.ok) return refuseForm(answer, { values, intent });
  const headers = storeToken(sessionTokenOf(ctx.cookies), answer.value.jwt);
  const unfit = await unfitChoice(ctx, answer.value.jwt);
  if (unfit) {
    headers.append("Set-Cookie", noticeCookie("notForYou"));
    return redirect(stepHref(ctx.path, unfit), { headers });
  }
  return redirect(stepHref(ctx.path, "delivery"), { headers });
}

/**
 * The step holding a choice the account just signed in may not buy (a company's account and a
 * consumer's box chosen signed out, or the other way round), so that they change it before the
 * delivery rather than learn it on the summary. Null when all is theirs to buy, or the CMS cannot say
 * (the summary will).
 */
async function unfitChoice(ctx: Context, user: string): Promise<FlowStep | null> {
  const draft = draftTokenOf(ctx.cookies);
  if (!draft) return null;
  const quote = await quoteDraft({ draft, user }, ctx.locale);
  if (quote.ok || quote.status !== "invalid") return null;
  const unfit = Object.entries(quote.errors).find(([, error]) => error.code === "not_for_you");
  return unfit ? stepOfField(unfit[0]) : null;
}

/** "Not you?": the account is signed out of this browser (as the site's sign-out does), the draft stays. */
async function signOut(ctx: Context) {
  const token = ctx.sessionToken;
  if (token) {
    const retired = await accountCall("/auth/logout", okAnswerSchema, { method: "POST", token });
    if (!retired.ok && retired.status !== "signedOut") console.error("The CMS did not retire a signed-out token");
  }
  forgetSession(token);
  return goTo(ctx, "account", { cookies: [clearSessionCookie()] });
}

async function chooseDelivery(ctx: Context) {
  if (!ctx.user) return goTo(ctx, "account");
  const addresses = await addressesOf(ctx.user);
  return patchStep(ctx, deliveryFromForm(ctx.form, addresses), {
    to: () => goTo(ctx, "summary"),
    rename: deliveryErrors,
  });
}

async function pay(ctx: Context) {
  const { user } = ctx;
  if (!user) return goTo(ctx, "account");
  const parsed = orderFromForm(ctx.form, {
    locale: ctx.locale,
    marketingWording: orderFlowTextsFor(ctx.locale).summary.marketing,
  });
  // A second "Pay" (a double tap, the back button) finds the draft spent by the first one's order:
  // the customer's orders say where it stands, rather than "your order expired".
  if ((await loadDraftOnce(ctx)).expired) {
    return redirect(pathTo("orders", ctx.locale), {
      headers: [
        ["Set-Cookie", forgetDraftCookie()],
        ["Set-Cookie", flashCookie("draftSpent")],
      ],
    });
  }
  // A gift card code typed and not applied: applied first, and the summary shows the total it leaves
  // to pay before anything is charged.
  if (String(ctx.form.get(ORDER_FIELDS.giftCardCode) ?? "").trim() !== "") return applyGiftCard(ctx);
  const { caller, answer } = await requireDraft(ctx);
  const coupon = await settleTypedCoupon(ctx, caller, answer.draft);
  if ("stop" in coupon) return coupon.stop;
  // A refused code is said again with any other refusal (the terms), so that it stays said.
  if (!parsed.ok || coupon.blocks) return refuse(ctx, { ...coupon.said, ...(parsed.ok ? {} : parsed.errors) });
  const placeWith = () => placeOrder({ ...caller, user }, parsed.value, ctx.clientIp);
  let placed = await placeWith();
  if (!placed.ok && placed.status === "invalid" && placed.errors[ORDER_FIELDS.couponCode]) {
    // A code kept in the draft that gives nothing now (its minimum not reached, used up meanwhile):
    // the summary showed it refused and the total without it, so the customer pays that total.
    // Should the summary have shown a discount, the CMS refuses the other total (price_changed).
    const dropped = await patchDraft(caller, { couponCode: null });
    if (!dropped.ok) return refuseCall(ctx, dropped);
    placed = await placeWith();
  }
  // The draft is spent: the order is the customer's now, payable again from the account.
  if (placed.ok)
    return paymentResponse(placed.value.payment, {
      locale: ctx.locale,
      orderNumber: placed.value.order.number,
      headers: { "Set-Cookie": forgetDraftCookie() },
    });
  if (placed.status !== "invalid") return refuseCall(ctx, placed);
  const [field = "", error] = Object.entries(placed.errors)[0] ?? [];
  if (error?.code === "slot_full" || error?.code === "slot_unknown") return goBackWith(ctx, "delivery", "slotFull");
  if (error?.code === "date_not_offered") return goBackWith(ctx, "delivery", "dateGone");
  if (error?.code === "draft_incomplete") return goTo(ctx, stepOfField(field));
  if (error?.code === "not_for_you") return goBackWith(ctx, stepOfField(field), "notForYou");
  if (error?.code === "price_changed") return goBackWith(ctx, "summary", "priceChanged");
  return refuse(ctx, placed.errors);
}

/**
 * "Pay" sends the coupon field too. A code there that is not the draft's (typed and not applied, or
 * pressed while an "Apply" was still on its way) is applied first, so that it is never left out
 * unseen: the order is then placed only if its total is still the summary's (the CMS's price check),
 * else the summary shows the new one. A code the CMS refuses is said beside the field (`said`); it
 * `blocks` the order only if the page had not shown it refused yet: once shown, the customer pays
 * without it, as the page offered. `stop`: the CMS refused the call for another reason.
 */
async function settleTypedCoupon(
  ctx: Context,
  caller: Caller,
  draft: OrderDraft,
): Promise<{ stop: Awaited<ReturnType<Handler>> } | { said: FlowErrors; blocks: boolean }> {
  const settled = { said: {}, blocks: false };
  const typed = ctx.form.get(ORDER_FIELDS.couponCode);
  // An older page's form without the field: the draft's code stands.
  if (typeof typed !== "string") return settled;
  const parsed = couponFromForm(ctx.form, { remove: false });
  if (parsed.ok && (parsed.value.couponCode ?? null) === draft.couponCode) return settled;
  const patched = parsed.ok ? await patchDraft(caller, parsed.value) : null;
  if (patched?.ok) return settled;
  if (patched && !(patched.status === "invalid" && patched.errors[ORDER_FIELDS.couponCode])) {
    return { stop: refuseCall(ctx, patched) };
  }
  const errors =
    patched && !patched.ok && patched.status === "invalid" ? patched.errors : parsed.ok ? {} : parsed.errors;
  const shown = ctx.form.get(ORDER_FIELDS.refusedCoupon);
  return {
    said: { [ORDER_FIELDS.couponCode]: errors[ORDER_FIELDS.couponCode] ?? { code: "unknown" } },
    blocks: !(typeof shown === "string" && sameCode(shown, typed)),
  };
}

/**
 * A gift card typed at the summary: the CMS finds it and the summary shows what it pays (the CMS's
 * quote). Any code it cannot use is one refusal beside the field (docs/decisions/033).
 */
async function applyGiftCard(ctx: Context) {
  const { caller } = await requireDraft(ctx);
  const code = String(ctx.form.get(ORDER_FIELDS.giftCardCode) ?? "").trim();
  if (code === "") return refuse(ctx, { [ORDER_FIELDS.giftCardCode]: { code: "required" } });
  const added = await addGiftCard(caller, code, ctx.clientIp);
  return added.ok ? goTo(ctx, "summary") : refuseCall(ctx, added);
}

async function dropGiftCard(ctx: Context) {
  const { caller } = await requireDraft(ctx);
  // The card rides in the action's address (its button's formAction), else in the form.
  const tail = normalizeGiftCardTail(
    String(
      new URL(ctx.request.url).searchParams.get(ORDER_FIELDS.giftCardTail) ??
        ctx.form.get(ORDER_FIELDS.giftCardTail) ??
        "",
    ),
  );
  if (tail !== null) {
    const removed = await removeGiftCard(caller, tail);
    if (!removed.ok) return refuseCall(ctx, removed);
  }
  return goTo(ctx, "summary");
}

/** Two spellings of one coupon code ("bienvenida10 " is BIENVENIDA10). */
const sameCode = (a: string, b: string) => normalizeCouponCode(a) === normalizeCouponCode(b);

/** "Not my order": a draft that waits for another customer's sign-in is left, and a new one begins. */
async function startOver(ctx: Context) {
  return goTo(ctx, "postcode", { cookies: [forgetDraftCookie()] });
}

/**
 * A product page's button: the product comes into the draft (made now when there is none, as the
 * postcode's form makes one) and the flow goes to the product's step, or to the first step still
 * open before it (the postcode, for a new draft). A product no longer sold (its page was cached) or
 * not for this customer leads into the flow with a notice, not to an error page.
 */
async function pick(ctx: Context) {
  const productId = pickedProductOf(ctx.form);
  const product = (await getProducts(ctx.locale)).find((each) => each.id === productId);
  if (!product?.isActive) return goBackWith(ctx, "postcode", "productGone");
  const isBox = product.type === PRODUCT_TYPES.box;
  const step = isBox ? "box" : "extras";
  const { answer, needsSignIn } = await loadDraftOnce(ctx);
  if (needsSignIn) return goBackWith(ctx, "account", "signedOut");
  const patch = pickedPatch(answer?.draft ?? EMPTY_ORDER_DRAFT, { productId: product.id, isBox });
  if (!patch) return goTo(ctx, step);
  const { result, cookies } = await patchOrCreate(ctx, patch);
  if (result.ok) return goTo(ctx, step, { cookies });
  if (result.status !== "invalid") return refuseCall(ctx, result);
  const notForYou = Object.values(result.errors).some((error) => error.code === "not_for_you");
  return goBackWith(ctx, step, notForYou ? "notForYou" : "productGone", cookies);
}

/** What the action answers the page when it does not redirect. */
export type FlowActionData =
  | AccountFormRefusal
  | { readonly notCovered: string }
  | { readonly interestSent: { readonly email: string; readonly postcode: string } }
  | { readonly codeSentTo: string }
  | { readonly paymentForm: PaymentForm };

type Handler = (ctx: Context) => Promise<Response | UNSAFE_DataWithResponseInit<FlowActionData>>;

const HANDLERS: Record<Intent, Handler> = {
  postcode: choosePostcode,
  areaInterest: askForArea,
  plan: async (ctx) =>
    patchStep(ctx, planFromForm(ctx.form, (await requireDraft(ctx)).answer.draft), { to: () => next(ctx, "plan") }),
  addBox: addBox,
  addBoxAndContinue: addBox,
  removeBox: async (ctx) => {
    const patch = boxRemovedFromForm(ctx.form, (await requireDraft(ctx)).answer.draft);
    return patch ? patchStep(ctx, { ok: true, value: patch }, { to: () => goTo(ctx, "box") }) : goTo(ctx, "box");
  },
  boxesChosen: chooseBoxes,
  extras: async (ctx) => {
    const { draft } = (await requireDraft(ctx)).answer;
    const parsed = extrasFromForm(ctx.form, draft.purchase);
    const extras = parsed.ok ? (parsed.value.extras ?? []) : [];
    return patchStep(ctx, parsed, { to: () => next(ctx, "extras"), rename: (errors) => extrasErrors(errors, extras) });
  },
  skipExtras: (ctx) => patchStep(ctx, { ok: true, value: { extras: [] } }, { to: () => next(ctx, "extras") }),
  signIn,
  requestCode: signIn,
  verifyCode: signIn,
  register: signIn,
  signOut,
  startOver,
  delivery: chooseDelivery,
  applyCoupon: (ctx) =>
    // Enter in the gift card's field presses the form's first button, the coupon's "Apply": the code
    // is applied as by the card's own button, and a refusal answers that intent, so the page says it
    // beside the card's field (answering "applyCoupon", a wrong code was refused and nothing said).
    String(ctx.form.get(ORDER_FIELDS.couponCode) ?? "").trim() === "" &&
    String(ctx.form.get(ORDER_FIELDS.giftCardCode) ?? "").trim() !== ""
      ? applyGiftCard({ ...ctx, intent: INTENTS.applyGiftCard })
      : patchStep(ctx, couponFromForm(ctx.form, { remove: false }), { to: () => goTo(ctx, "summary") }),
  removeCoupon: (ctx) => patchStep(ctx, couponFromForm(ctx.form, { remove: true }), { to: () => goTo(ctx, "summary") }),
  applyGiftCard,
  removeGiftCard: dropGiftCard,
  pay,
  pick,
};

/**
 * "Continue" under the chosen boxes: on when there is one, unless a box is one the purchase may not
 * have (a seasonal box kept when the plan became a subscription): refused beside that box, where it
 * can be removed, rather than on the delivery step after the extras and the account.
 */
async function chooseBoxes(ctx: Context) {
  const { answer } = await requireDraft(ctx);
  if (!answer.steps.box) return refuse(ctx, { [BOX_FIELDS.productId]: { code: "chooseBox" } });
  const catalogue = new Map((await getProducts(ctx.locale)).map((product) => [product.id, product]));
  const errors = chosenBoxErrors(answer.draft, catalogue);
  const [first] = Object.values(errors);
  // Said at the top of the form in its own words too: that is where the refused "Continue" is.
  return first ? refuse(ctx, { [FORM_FIELD]: first, ...errors }) : next(ctx, "box");
}

async function addBox(ctx: Context) {
  const { draft } = (await requireDraft(ctx)).answer;
  return patchStep(ctx, boxAddedFromForm(ctx.form, draft), {
    to: () => (ctx.intent === INTENTS.addBox ? goTo(ctx, "box") : next(ctx, "box")),
    rename: (errors) => newBoxErrors(errors, draft.boxes.length),
  });
}

const isIntent = (value: unknown): value is Intent => typeof value === "string" && Object.hasOwn(HANDLERS, value);

export async function flowAction({ request, locale, clientIp, session, cookies }: FlowRequest & { clientIp: string }) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isIntent(intent)) throw data("Unknown intent", { status: 400 });
  const user = signedInToken(session);
  const path = pathTo("newOrder", locale);
  const ctx: Context = { request, cookies, form, locale, clientIp, path, user, sessionToken: session.token, intent };
  return HANDLERS[intent](ctx);
}
