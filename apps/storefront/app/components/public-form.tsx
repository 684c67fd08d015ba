import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { PRIMARY_BUTTON } from "./button-styles";
import { Honeypot, PrivacyNote } from "./form-field";
import type { FieldErrors } from "@shop/contracts";
import type { FormResult } from "~/forms/form-result";
import type { FormName } from "~/forms/browser-checks";
import { useValidatedForm } from "~/forms/use-validated-form";
import { usePageLanguage } from "~/root-data";

interface PublicFormProps {
  readonly result: FormResult | undefined;
  /** Whose rules the browser checks before sending (the action checks them again). */
  readonly form: FormName;
  readonly sentText: string;
  readonly children: (errors: FieldErrors, values: Record<string, string>) => ReactNode;
}

/**
 * A form visitors send to staff: checked in the browser and the action, errors beside fields, focus
 * on the first of them after a refusal, and a line on what happens to the data.
 */
export function PublicForm({ result, form, sentText, children }: PublicFormProps) {
  const { messages } = usePageLanguage();
  const text = messages.forms;
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, onFocus, formRef, checksReady } = useValidatedForm(
    form,
    result?.status === "invalid" ? result.errors : undefined,
    result?.status === "sent" ? undefined : result,
  );
  if (result?.status === "sent") {
    return (
      <p role="status" className="rounded-2xl bg-leaf-50 p-5 font-semibold text-leaf-800 ring-1 ring-leaf-200">
        {sentText}
      </p>
    );
  }
  const values = result?.values ?? {};
  const problem =
    result?.status === "failed"
      ? text.serverError
      : result?.status === "limited"
        ? text.tooMany
        : Object.keys(errors).length > 0
          ? text.fixErrors
          : null;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      data-checks-ready={checksReady ? "" : undefined}
      className="relative grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200"
    >
      {problem ? (
        <p role="alert" tabIndex={-1} data-form-problem="" className="font-semibold text-carrot-700">
          {problem}
        </p>
      ) : null}
      {children(errors, values)}
      <Honeypot />
      <PrivacyNote />
      <button type="submit" disabled={busy} className={`${PRIMARY_BUTTON} disabled:opacity-60`}>
        {busy ? text.sending : text.send}
      </button>
    </Form>
  );
}
