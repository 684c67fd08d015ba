import { useId, useState, type ReactNode } from "react";
import { ACCOUNT_FIELD_MAX } from "@shop/contracts";
import type { AccountFieldError, AccountFormRefusal } from "./account-forms";
import type { AuthTexts } from "./auth-texts";
import { format } from "~/i18n/format";

/** The words for a refusal's code, in the page's language; an unknown code gets a general one. */
export function errorText(texts: AuthTexts, error: AccountFieldError | undefined): string | undefined {
  if (!error) return undefined;
  const known = Object.hasOwn(texts.errors, error.code);
  const words = known ? texts.errors[error.code as keyof AuthTexts["errors"]] : texts.errors.invalid;
  return format(words, { max: error.max ?? "" });
}

const INPUT =
  "mt-1 block w-full rounded-xl border bg-white px-3 py-2 text-base min-h-12 aria-[invalid=true]:border-carrot-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-carrot-100 border-sand-300";

interface InputProps {
  readonly name: string;
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly defaultValue?: string | undefined;
  readonly type?: "text" | "email" | "tel";
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly autoComplete?: string;
  readonly inputMode?: "text" | "email" | "tel" | "numeric";
  readonly children?: ReactNode;
}

/** A labelled field whose hint and error are read with it; a select when given options as children. */
export function AccountInput({ name, label, error, hint, type = "text", children, ...input }: InputProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    className: INPUT,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
    ...input,
  };
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children ? <select {...common}>{children}</select> : <input {...common} type={type} />}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

function FieldNotes({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-sand-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-carrot-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface PasswordProps {
  readonly name: string;
  readonly label: string;
  readonly texts: AuthTexts;
  readonly error?: string | undefined;
  readonly autoComplete: "current-password" | "new-password";
  /** Show weak / medium / strong as the customer types (a new password). */
  readonly showStrength?: boolean;
  /** Not every account has a password (Sign in with Apple): the field may then be left blank. */
  readonly optional?: boolean;
  /** What the strength check should count as guessable: the e-mail and names typed in the same form. */
  readonly personalInputs?: () => string[];
}

type Strength = "weak" | "medium" | "strong";

const STRENGTH_STYLE: Record<Strength, string> = {
  weak: "w-1/3 bg-carrot-600",
  medium: "w-2/3 bg-carrot-400",
  strong: "w-full bg-leaf-600",
};

/**
 * A password with a show/hide switch and, for a new one, its strength (section 5 of the
 * specification). The strength rule (@shop/domain, zxcvbn and its word lists) loads when the
 * customer starts typing, never with the page.
 */
export function PasswordInput({
  name,
  label,
  texts,
  error,
  autoComplete,
  showStrength,
  personalInputs,
  optional = false,
}: PasswordProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [strength, setStrength] = useState<Strength | null>(null);
  const fields = texts.fields;
  const notes = [showStrength ? `${id}-hint` : null, error ? `${id}-error` : null, strength ? `${id}-strength` : null];

  async function onInput(value: string) {
    if (!showStrength) return;
    if (value === "") return setStrength(null);
    // The module itself, not the package: importing the package by import() would keep a namespace
    // of every export of @shop/domain, and so all of its code, in the shell chunk (decision 006).
    const { checkPassword } = await import("@shop/domain/password");
    const verdict = await checkPassword(value, personalInputs?.() ?? []);
    setStrength(verdict.problem === null ? verdict.strength : "weak");
  }

  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          required={!optional}
          className={`${INPUT} pr-24`}
          aria-invalid={error ? true : undefined}
          aria-describedby={notes.filter(Boolean).join(" ") || undefined}
          onInput={(event) => void onInput(event.currentTarget.value)}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={fields.showPasswordLabel}
          className="absolute inset-y-0 right-1 my-auto inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-leaf-700"
        >
          {visible ? fields.hidePassword : fields.showPassword}
        </button>
      </div>
      {showStrength && strength ? (
        <div id={`${id}-strength`} className="mt-2" aria-live="polite">
          <div className="h-2 rounded-full bg-sand-200" aria-hidden="true">
            <div className={`h-2 rounded-full ${STRENGTH_STYLE[strength]}`} />
          </div>
          <p className="mt-1 text-sm font-semibold" data-strength={strength}>
            {format(fields.strength, { strength: fields[strength] })}
          </p>
        </div>
      ) : null}
      <FieldNotes id={id} hint={showStrength ? fields.passwordHint : undefined} error={error} />
    </div>
  );
}

/**
 * The e-mail address of an account form, with what was typed and its refusal when the action sent
 * the form back. `identifier` is the password sign-in's name for it (the specification's).
 */
export function EmailInput({
  texts,
  refusal,
  name = "email",
}: {
  texts: AuthTexts;
  refusal: AccountFormRefusal | undefined;
  name?: "email" | "identifier";
}) {
  return (
    <AccountInput
      name={name}
      label={texts.fields.email}
      type="email"
      autoComplete={name === "identifier" ? "username" : "email"}
      inputMode="email"
      required
      maxLength={ACCOUNT_FIELD_MAX.email}
      defaultValue={refusal?.values[name]}
      error={errorText(texts, refusal?.errors[name])}
    />
  );
}
