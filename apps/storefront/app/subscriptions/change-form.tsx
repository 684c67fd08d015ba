import { useId, useRef, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { DoneNotice } from "~/accounts/account-area";
import { useFocusOnRefusal } from "~/accounts/account-form";
import { FORM_FIELD, type AccountFieldError } from "~/accounts/account-forms";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { Price } from "~/components/price";
import { format } from "~/i18n/format";
import type { ChangeDone, ChangeRefusal } from "./answers";
import type { SubscriptionsTexts } from "./texts";

/** The texts every change form needs: its refusals' words and the announcement of what the CMS did. */
export type ChangeFormTexts = Pick<SubscriptionsTexts, "errors" | "fields" | "form" | "done">;

/** The words of a field's refusal: a subscription code, a field code ("tooLong:500"), or a general one. */
export function fieldErrorText(texts: ChangeFormTexts, error: AccountFieldError | undefined): string | undefined {
  if (!error) return undefined;
  const words: Readonly<Record<string, string>> = { ...texts.fields, ...texts.errors };
  return format(words[error.code] ?? texts.fields.invalid, { max: error.max ?? "", date: "" });
}

/** The summary above a refused form: a locked delivery with the first one still open, or why nothing changed. */
export function refusalProblem(texts: ChangeFormTexts, refusal: ChangeRefusal | undefined): string | null {
  if (!refusal) return null;
  switch (refusal.refused) {
    case "locked":
      return refusal.lockedFrom
        ? format(texts.errors.delivery_locked, { date: refusal.lockedFrom })
        : texts.errors.delivery_locked_none;
    case "limited":
      return format(texts.form.tooMany, { minutes: refusal.retryAfterMinutes ?? 1 });
    case "failed":
      return texts.form.failed;
    case "invalid":
      return fieldErrorText(texts, refusal.errors[FORM_FIELD]) ?? texts.form.fixErrors;
  }
}

/**
 * A change form of the subscription pages: posted to the page's action (it works without
 * JavaScript), its refusal said at its top and announced, focus on the first field in error (or that
 * summary), the button busy while on its way.
 */
export function ChangeForm({
  texts,
  intent,
  date,
  anchor,
  refusal,
  submitLabel,
  secondary = false,
  danger = false,
  className = "grid gap-4",
  children,
}: {
  texts: ChangeFormTexts;
  intent: string;
  /** The delivery this form is about. */
  date?: string;
  /** The id of the part of the page the answer opens at. */
  anchor?: string;
  refusal: ChangeRefusal | undefined;
  submitLabel: string;
  secondary?: boolean;
  /** A change that cannot be undone here (cancelling): said by the button's look too. */
  danger?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (date === undefined || navigation.formData.get("date") === date);
  const problem = refusalProblem(texts, refusal);
  const { pathname, search } = useLocation();
  useFocusOnRefusal(formRef, refusal);
  const look = danger
    ? "inline-flex min-h-12 items-center justify-center rounded-full bg-carrot-700 px-6 font-bold text-white hover:bg-carrot-600"
    : secondary
      ? SECONDARY_BUTTON
      : PRIMARY_BUTTON;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className={className}
      // Without JavaScript the answer opens at the form's delivery (or panel); with it, the page stays where it is.
      action={`${pathname}${search}${anchor ? `#${anchor}` : ""}`}
      preventScrollReset
    >
      <input type="hidden" name="intent" value={intent} />
      {date ? <input type="hidden" name="date" value={date} /> : null}
      {problem ? (
        <p role="alert" tabIndex={-1} data-form-problem="" className="font-semibold text-carrot-700">
          {problem}
        </p>
      ) : null}
      {children}
      <button type="submit" disabled={busy} className={`${look} max-w-full justify-self-start disabled:opacity-60`}>
        {busy ? texts.form.sending : submitLabel}
      </button>
    </Form>
  );
}

/** What the CMS did, in its words: the change, the first delivery it reaches and the status it left. */
export function ChangeDoneNotice({ done, texts }: { done: ChangeDone; texts: ChangeFormTexts }) {
  if (done.done === "delivery") {
    return <DoneNotice>{format(texts.done.delivery, { date: done.day, status: done.statusText })}</DoneNotice>;
  }
  // Cancelling "applies" from the first delivery that no longer comes; the page says the last box beside.
  const applies =
    done.intent === "cancel"
      ? done.appliesFrom
        ? format(texts.done.cancelFrom, { date: done.appliesFrom })
        : ""
      : done.appliesFrom
        ? format(texts.done.appliesFrom, { date: done.appliesFrom })
        : texts.done.appliesNone;
  // The price after a change of what comes, as the CMS tells it now.
  const priced = ["boxes", "extras", "frequency", "address"].includes(done.intent);
  return (
    <DoneNotice>
      {[texts.done[done.intent], applies, format(texts.done.status, { status: done.statusText })]
        .filter(Boolean)
        .join(" ")}
      {priced && done.pricePerDelivery !== null ? (
        <>
          {" "}
          {texts.done.price} <Price cents={done.pricePerDelivery} />
        </>
      ) : null}
    </DoneNotice>
  );
}

/**
 * A change form of one choice (frequency, day, slot, address, card, box): the radio buttons and the
 * button, the refusal's words beside the choice. `children` come after the choice (more fields, hidden ones).
 */
export function ChoiceForm({
  texts,
  intent,
  refusal,
  submitLabel,
  name,
  legend,
  choices,
  checked,
  children,
}: {
  texts: ChangeFormTexts;
  intent: string;
  refusal: ChangeRefusal | undefined;
  submitLabel: string;
  name: string;
  legend: string;
  choices: readonly { value: string; label: string }[];
  checked: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <ChangeForm texts={texts} intent={intent} refusal={refusal} submitLabel={submitLabel} secondary>
      <ChoiceGroup
        name={name}
        legend={legend}
        choices={choices}
        checked={refusal?.values[name] ?? checked}
        error={fieldErrorText(texts, refusal?.errors[name])}
      />
      {children}
    </ChangeForm>
  );
}

/**
 * A form folded behind a link (a change of the subscription, a delivery's gift or donation): following
 * it (a GET, so it works without JavaScript) renders that one form under it, the page's loader sending
 * what the form needs; following it again folds it. The link stays the same element either way, so the
 * keyboard's focus stays on it. Forms are rendered only when asked for, not folded in every view: they
 * were most of these pages' HTML and render time (docs/decisions/024, 044).
 */
export function LinkDisclosure({
  search,
  anchor,
  id,
  summary,
  open,
  children,
}: {
  /** The query that opens this form (`?change=box`); folding it drops the query. */
  search: string;
  /** The id of the part of the page it opens at (this disclosure's own `id`, or its delivery's). */
  anchor: string;
  id?: string;
  summary: string;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <div id={id} className="rounded-2xl ring-1 ring-sand-200">
      <Link
        to={{ search: open ? "" : search, hash: anchor }}
        preventScrollReset
        aria-expanded={open}
        className="flex min-h-11 items-center rounded-2xl px-4 py-3 font-semibold text-leaf-800 hover:underline"
      >
        {summary}
      </Link>
      {open ? <div className="grid gap-3 px-4 pb-4">{children}</div> : null}
    </div>
  );
}

/** Radio buttons in a fieldset with its legend; the error read with the group. */
export function ChoiceGroup({
  name,
  legend,
  choices,
  checked,
  error,
}: {
  name: string;
  legend: string;
  choices: readonly { value: string; label: string }[];
  checked: string | null | undefined;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="grid gap-2">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {choices.map((choice, index) => (
        <label key={choice.value} className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={name}
            value={choice.value}
            defaultChecked={choice.value === checked}
            aria-invalid={error && index === 0 ? true : undefined}
            className="h-5 w-5 shrink-0 accent-leaf-700"
          />
          <span>{choice.label}</span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-carrot-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A multi-line text (a reason, a note), labelled, its error read with it. */
export function TextArea({
  name,
  label,
  maxLength,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  maxLength: number;
  defaultValue?: string | undefined;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-carrot-600"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-carrot-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A calendar day: the browser's own picker, posted as YYYY-MM-DD (typed as such where there is none). */
export function DateField({
  name,
  label,
  hint,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].join(" ").trim()}
        className="mt-1 block min-h-12 w-full max-w-xs rounded-xl border border-sand-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-carrot-600"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-sand-700">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-carrot-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
