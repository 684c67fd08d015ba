import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "@shop/contracts";

/**
 * Checks the form in the browser before it is sent (the action checks again), so a visitor sees
 * every problem at once without a round trip.
 */
export function useValidatedForm(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const result = schema.safeParse(values);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrorsOf(result.error));
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}
