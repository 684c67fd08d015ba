import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { errorText } from "./account-fields";
import { FORM_FIELD, type AccountFormRefusal } from "./account-forms";
import type { AuthTexts } from "./auth-texts";
import { format } from "~/i18n/format";

interface AccountFormProps {
  readonly texts: AuthTexts;
  /** The action's answer when it refused this form (undefined when it did not, or refused another one). */
  readonly refusal: AccountFormRefusal | undefined;
  readonly submitLabel: string;
  /** Which of the page's forms this is: sent as `intent`, so one action can serve several. */
  readonly intent?: string;
  readonly action?: string;
  readonly className?: string;
  /** A second, quieter action of the page (send another code): an outlined button. */
  readonly secondary?: boolean;
  readonly children: ReactNode;
}

/** The summary above a refused form: the form's own refusal, or what kept the request from going through. */
function problemOf(texts: AuthTexts, refusal: AccountFormRefusal | undefined): string | null {
  if (!refusal) return null;
  if (refusal.status === "limited") return format(texts.form.tooMany, { minutes: refusal.retryAfterMinutes ?? 15 });
  if (refusal.status === "failed") return texts.form.serverError;
  if (refusal.status === "signedOut") return texts.form.signedOut;
  return errorText(texts, refusal.errors[FORM_FIELD]) ?? texts.form.fixErrors;
}

/**
 * An account form: posted to the page's action (it works before JavaScript arrives), its refusal
 * summarised at the top and announced, focus moved to the first field in error or else to that
 * summary, and the button busy while it is on its way.
 */
export function AccountForm({
  texts,
  refusal,
  submitLabel,
  intent,
  action,
  className,
  secondary = false,
  children,
}: AccountFormProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const busy =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  const problem = problemOf(texts, refusal);

  useFocusOnRefusal(formRef, refusal);

  return (
    <Form ref={formRef} method="post" action={action} noValidate className={className ?? "grid gap-4"}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {problem ? (
        <p role="alert" tabIndex={-1} data-form-problem="" className="font-semibold text-carrot-700">
          {problem}
        </p>
      ) : null}
      {children}
      <button
        type="submit"
        disabled={busy}
        className={`${secondary ? SECONDARY_BUTTON : PRIMARY_BUTTON} w-full disabled:opacity-60`}
      >
        {busy ? texts.form.sending : submitLabel}
      </button>
    </Form>
  );
}

/**
 * After a refusal, focus moves to the first field in error, else to the form's summary, so that a
 * screen reader reads what went wrong (the account forms and the new-order flow's steps).
 */
export function useFocusOnRefusal(formRef: RefObject<HTMLFormElement | null>, refusal: unknown): void {
  useEffect(() => {
    if (!refusal) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>("[data-form-problem]");
    target?.focus();
  }, [formRef, refusal]);
}
