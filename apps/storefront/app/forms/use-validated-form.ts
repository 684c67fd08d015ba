import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "@shop/contracts";

/**
 * Focus goes to the first field in error, else to the form's summary of what went wrong (marked
 * `data-form-problem`, focusable with tabIndex -1), e.g. when the server could not send it.
 */
function focusFirstProblem(form: HTMLFormElement | null) {
  const target =
    form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    form?.querySelector<HTMLElement>("[data-form-problem]");
  target?.focus();
}

/**
 * Checks the form in the browser before it is sent (the action checks again), so a visitor sees
 * every problem at once without a round trip. After a refusal, by the browser or by the action
 * (`serverRefusal`: a new object for every answer that did not accept the form), focus moves to
 * the first field in error, so a keyboard or screen-reader user lands where the work is.
 */
export function useValidatedForm(schema: z.ZodType, serverErrors: FieldErrors | undefined, serverRefusal?: object) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals > 0) focusFirstProblem(formRef.current);
  }, [refusals]);
  useEffect(() => {
    if (serverRefusal) focusFirstProblem(formRef.current);
  }, [serverRefusal]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const result = schema.safeParse(values);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrorsOf(result.error));
    setRefusals((count) => count + 1);
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, formRef };
}
