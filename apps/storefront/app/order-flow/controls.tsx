import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { MAX_UNPAID_ORDERS } from "@shop/contracts";
import { MAX_LINE_QUANTITY } from "@shop/domain";
import { Form, useNavigation } from "react-router";
import { FORM_FIELD, type AccountFieldError, type AccountFormRefusal } from "~/accounts/account-forms";
import { useFocusOnRefusal } from "~/accounts/account-form";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { format } from "~/i18n/format";
import type { AuthTexts } from "~/accounts/auth-texts";
import type { AccountTexts } from "~/accounts/texts";
import type { OrderFlowTexts } from "./texts";
import type { ReferralTexts } from "~/referrals/texts";
import type { GiftCardRedeemTexts } from "~/gift-cards/redeem-texts";
import type { Intent } from "./fields";

/** The texts every step gets: its own, the account forms' (their errors), the address fields'. */
export interface FlowTexts {
  readonly flow: OrderFlowTexts;
  readonly auth: AuthTexts;
  readonly addresses: AccountTexts["addresses"];
  /** Refer-a-friend's lines of the summary (app/referrals/texts.ts). */
  readonly referral: ReferralTexts["summary"];
  /** The summary's gift cards (app/gift-cards/redeem-texts.ts). */
  readonly giftCards: GiftCardRedeemTexts["summary"];
}

/** The action's refusal of one of `intents`, if that is what it answered. */
export function refusalFor(answer: unknown, ...intents: Intent[]): AccountFormRefusal | undefined {
  if (typeof answer !== "object" || answer === null || !("errors" in answer)) return undefined;
  const refusal = answer as AccountFormRefusal;
  return intents.some((intent) => intent === refusal.intent) ? refusal : undefined;
}

/**
 * The words for a refusal: the flow's codes (the CMS's, ./order-limits), then the account forms'
 * (an address, a tax id), else a general one. `own` words a field's codes its own way first.
 */
export function errorWords(
  texts: FlowTexts,
  error: AccountFieldError | undefined,
  own: Readonly<Record<string, string>> = {},
): string | undefined {
  if (!error) return undefined;
  const { code } = error;
  const pick = (table: Readonly<Record<string, string>>) => (Object.hasOwn(table, code) ? table[code] : undefined);
  const words = pick(own) ?? pick(texts.flow.errors) ?? pick(texts.auth.errors) ?? texts.auth.errors.invalid;
  // too_many_unpaid comes with no number: it is the shop's one limit, said as the contract sets it.
  return format(words, { max: error.max ?? (code === "too_many_unpaid" ? MAX_UNPAID_ORDERS : "") });
}

function problemOf(
  texts: FlowTexts,
  refusal: AccountFormRefusal | undefined,
  quietFields: readonly string[],
): string | null {
  if (!refusal) return null;
  const problems = texts.flow.problems;
  if (refusal.status === "limited") return format(problems.tooMany, { minutes: refusal.retryAfterMinutes ?? 15 });
  if (refusal.status === "failed") return problems.serverError;
  if (refusal.status === "signedOut") return problems.signedOut;
  const form = errorWords(texts, refusal.errors[FORM_FIELD]);
  if (form) return form;
  // A field that says everything beside itself (a refused coupon code) is not "a field to fix".
  const loud = Object.keys(refusal.errors).filter((field) => !quietFields.includes(field));
  return loud.length > 0 || Object.keys(refusal.errors).length === 0 ? problems.fixErrors : null;
}

export interface StepButton {
  readonly intent: Intent;
  readonly label: string;
  readonly secondary?: boolean;
  /** Unavailable, saying `label`, while the form sends one of `intents` (and the page reloads after it). */
  readonly waitsFor?: { readonly intents: readonly Intent[]; readonly label: string };
}

interface StepFormProps {
  readonly texts: FlowTexts;
  readonly refusal: AccountFormRefusal | undefined;
  /** The first is the main one, and the one Enter presses. */
  readonly buttons: readonly StepButton[];
  readonly className?: string;
  /** Fields whose refusal is said beside them only, without the form's "check the marked fields". */
  readonly quietFields?: readonly string[];
  readonly children: ReactNode;
}

/** The intent a form of the page is being sent with, until the page has reloaded after it. */
function usePendingIntent(): { sending: unknown; pending: unknown } {
  const navigation = useNavigation();
  return {
    sending: navigation.state === "submitting" ? navigation.formData?.get("intent") : null,
    // After the action comes the page's new data ("loading", the form data still there): until
    // then the page shows what was true before the form was sent.
    pending: navigation.state === "idle" ? null : navigation.formData?.get("intent"),
  };
}

/** A submit button of a step's form: its own intent; it says when it is being sent, or waits for another. */
export function IntentButton({ texts, button }: { texts: FlowTexts; button: StepButton }) {
  const { sending, pending } = usePendingIntent();
  const { intent, label, secondary, waitsFor } = button;
  const waiting = waitsFor?.intents.some((each) => each === pending) ? waitsFor.label : null;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={sending === intent || waiting !== null}
      aria-busy={waiting !== null || sending === intent ? true : undefined}
      className={`${secondary ? SECONDARY_BUTTON : PRIMARY_BUTTON} disabled:opacity-60`}
    >
      {waiting ?? (sending === intent ? texts.flow.sending : label)}
    </button>
  );
}

/**
 * A step's form, posted to the flow's action (it works before JavaScript arrives). Each button
 * sends its own intent. A refusal is summarised above the fields and focus goes to the first field
 * in error, else to the summary; the pressed button says it is busy.
 */
export function StepForm({ texts, refusal, buttons, className, quietFields = [], children }: StepFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const problem = problemOf(texts, refusal, quietFields);

  // Says the step's code has hydrated (end-to-end tests wait for it after a page load).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useFocusOnRefusal(formRef, refusal);

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className={className ?? "grid gap-6"}
      data-hydrated={hydrated ? "" : undefined}
    >
      {problem ? (
        <p role="alert" tabIndex={-1} data-form-problem="" className="font-semibold text-carrot-700">
          {problem}
        </p>
      ) : null}
      {children}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        {buttons.map((button) => (
          <IntentButton key={button.intent} texts={texts} button={button} />
        ))}
      </div>
    </Form>
  );
}

/** A field's error, read with the field (its id goes in the field's aria-describedby). */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-carrot-700">
      {text}
    </p>
  );
}

interface GroupProps {
  readonly legend: ReactNode;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly className?: string;
  readonly children: ReactNode;
}

/**
 * A group of choices with its legend, hint and error; the error and hint are read with the group.
 * An invalid group takes focus as one (StepForm focuses the first `aria-invalid`).
 */
export function ChoiceGroup({ legend, hint, error, className, children }: GroupProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
      tabIndex={error ? -1 : undefined}
      className={`min-w-0 ${className ?? ""}`}
    >
      <legend className="text-xl font-bold text-sand-900">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sand-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} text={error} />
      <div className="mt-3">{children}</div>
    </fieldset>
  );
}

const CARD =
  "flex min-h-12 cursor-pointer items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-sand-300 has-[:checked]:bg-leaf-50 has-[:checked]:ring-2 has-[:checked]:ring-leaf-700 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-leaf-700";

/** A radio button or a box to tick, drawn as a card: the whole card is its label. */
export function ChoiceCard({
  type = "radio",
  name,
  value,
  defaultChecked,
  className,
  onChange,
  children,
}: {
  type?: "radio" | "checkbox";
  name: string;
  value: string;
  defaultChecked?: boolean;
  className?: string;
  onChange?: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={`${CARD} ${className ?? ""}`}>
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
        className="mt-1 h-5 w-5 shrink-0 accent-leaf-700"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}

/** How many: a select from `min` to the line's limit (a select cannot be mistyped). */
export function QuantitySelect({
  name,
  label,
  defaultValue,
  min = 1,
  error,
  visibleLabel = true,
}: {
  name: string;
  label: string;
  defaultValue: number;
  min?: 0 | 1;
  error?: string | undefined;
  visibleLabel?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={visibleLabel ? "font-semibold" : "sr-only"}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={String(defaultValue)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block min-h-12 w-24 rounded-xl border border-sand-300 bg-white px-3 text-base aria-[invalid=true]:border-carrot-600"
      >
        {Array.from({ length: MAX_LINE_QUANTITY - min + 1 }, (_, index) => index + min).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}
