import type { ReactNode } from "react";
import { FIELD_MAX, type FieldError, type FieldErrors } from "@shop/contracts";
import { ScreenLink } from "./screen-link";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

interface FormFieldProps {
  readonly name: string;
  readonly label: string;
  readonly error?: FieldError;
  readonly defaultValue?: string;
  readonly type?: "text" | "email" | "tel";
  readonly multiline?: boolean;
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly autoComplete?: string;
  readonly children?: ReactNode;
}

/** A labelled input whose error sits next to it and is announced with it. */
export function FormField({
  name,
  label,
  error,
  defaultValue,
  type = "text",
  multiline = false,
  required = false,
  maxLength,
  autoComplete,
  children,
}: FormFieldProps) {
  const { messages } = usePageLanguage();
  const errorId = `${name}-error`;
  const common = {
    id: name,
    name,
    defaultValue,
    required,
    maxLength,
    autoComplete,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: `mt-1 block w-full rounded-xl border bg-white px-3 py-2 text-base ${
      error ? "border-carrot-600 ring-2 ring-carrot-100" : "border-sand-300"
    }`,
  };
  return (
    <div>
      <label htmlFor={name} className="font-semibold">
        {label}
      </label>
      {children ? (
        <select {...common}>{children}</select>
      ) : multiline ? (
        <textarea {...common} rows={5} />
      ) : (
        <input {...common} type={type} />
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-carrot-700">
          {format(messages.forms[error.code], { max: error.max ?? "" })}
        </p>
      ) : null}
    </div>
  );
}

/** Who is writing: name, e-mail and an optional phone, the same in every public form. */
export function PersonFields({ errors, values }: { errors: FieldErrors; values: Record<string, string> }) {
  const text = usePageLanguage().messages.forms;
  return (
    <>
      <FormField
        name="name"
        label={text.name}
        error={errors.name}
        defaultValue={values.name}
        required
        maxLength={FIELD_MAX.name}
        autoComplete="name"
      />
      <FormField
        name="email"
        label={text.email}
        type="email"
        error={errors.email}
        defaultValue={values.email}
        required
        autoComplete="email"
      />
      <FormField
        name="phone"
        label={text.phone}
        type="tel"
        error={errors.phone}
        defaultValue={values.phone}
        autoComplete="tel"
      />
    </>
  );
}

/** Bots fill every field they find; people never see this one. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px]">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * What happens to what a visitor types, with the privacy policy a tap away: under every form that
 * collects personal data.
 */
export function PrivacyNote() {
  const text = usePageLanguage().messages.forms;
  return (
    <p className="text-sm text-sand-700">
      {text.privacyNote}{" "}
      <ScreenLink screen="privacyPolicy" className="font-semibold text-leaf-700 underline">
        {text.privacyLink}
      </ScreenLink>
      .
    </p>
  );
}
