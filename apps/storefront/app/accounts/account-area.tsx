import { useId, type ReactNode } from "react";
import { usePageLanguage } from "~/root-data";

/**
 * The account page's heading (its screen's, as on every page) and a lead text saying what the page
 * really does; the account home also greets the customer there.
 */
export function AccountHeading({ intro, greeting }: { intro: string; greeting?: string }) {
  const { messages } = usePageLanguage();
  return (
    <header className="pb-2">
      <h1 className="font-display text-3xl font-semibold text-leaf-800 sm:text-4xl">{messages.screen?.heading}</h1>
      {greeting ? <p className="mt-2 text-xl font-semibold text-sand-900">{greeting}</p> : null}
      <p className="mt-2 max-w-2xl text-lg text-sand-700">{intro}</p>
    </header>
  );
}

/** One part of an account page: a white card with its heading, reachable by its id. */
export function Panel({
  id,
  heading,
  intro,
  tone = "plain",
  children,
}: {
  id?: string;
  heading: string;
  intro?: string;
  tone?: "plain" | "danger";
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-24 rounded-3xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${tone === "danger" ? "ring-carrot-400" : "ring-sand-200"}`}
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold text-leaf-800">
        {heading}
      </h2>
      {intro ? <p className="mt-1 text-sand-700">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** What an action did, said where it happened and announced. */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-2xl bg-leaf-50 px-4 py-3 font-semibold text-leaf-800 ring-1 ring-leaf-200">
      {children}
    </p>
  );
}

/** Something the page cannot do right now (the CMS did not answer). */
export function ProblemNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-2xl bg-carrot-100 px-4 py-3 font-semibold text-carrot-700 ring-1 ring-carrot-400"
    >
      {children}
    </p>
  );
}

/** A box to tick, its words as its label, its error read with it. */
export function Checkbox({
  name,
  label,
  defaultChecked,
  error,
  required,
}: {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  error?: string | undefined;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          value="true"
          defaultChecked={defaultChecked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-5 w-5 shrink-0 accent-leaf-700"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-carrot-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
