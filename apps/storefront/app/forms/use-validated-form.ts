import { useEffect, useRef, useState, type FormEvent } from "react";
import type { FieldErrors } from "@shop/contracts";
import { loadFormCheck, type FormCheck, type FormName } from "./browser-checks";

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
 *
 * The rules load when the visitor first focuses the form (`onFocus`), or when the page hydrates
 * with the focus already in it (a slow phone: the visitor tapped a field before the scripts ran);
 * a form sent before they arrive goes to the action, which checks the same rules. `checksReady`
 * says they have arrived (the form shows it as `data-checks-ready`).
 */
export function useValidatedForm(form: FormName, serverErrors: FieldErrors | undefined, serverRefusal?: object) {
  const formRef = useRef<HTMLFormElement>(null);
  const check = useRef<FormCheck | null>(null);
  const loading = useRef(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [checksReady, setChecksReady] = useState(false);

  function onFocus() {
    if (loading.current) return;
    loading.current = true;
    loadFormCheck(form).then(
      (loaded) => {
        check.current = loaded;
        setChecksReady(true);
      },
      () => {
        // Offline or a new deployment: the action checks the form instead.
        loading.current = false;
      },
    );
  }

  useEffect(() => {
    // Focused before hydration, the form never saw the focus event that loads its rules.
    if (formRef.current?.contains(document.activeElement)) onFocus();
    // Once, at hydration: later focus events call onFocus themselves.
  }, []);
  useEffect(() => {
    if (refusals > 0) focusFirstProblem(formRef.current);
  }, [refusals]);
  useEffect(() => {
    if (serverRefusal) focusFirstProblem(formRef.current);
  }, [serverRefusal]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!check.current) return;
    const problems = check.current(Object.fromEntries(new FormData(event.currentTarget)));
    if (problems === null) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(problems);
    setRefusals((count) => count + 1);
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, onFocus, formRef, checksReady };
}
