import { useEffect, useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { format } from "~/i18n/format";

interface CodeCellsProps {
  readonly name: string;
  readonly length: number;
  readonly label: string;
  /** "Digit {n} of {total}": each cell's name for screen readers. */
  readonly digitLabel: string;
  readonly error?: string | undefined;
  /**
   * The action's answer that refused a code (a new object each time): the cells are emptied and
   * the first takes focus, so the next try starts clean. On first show the first cell takes focus.
   */
  readonly refusal?: object | undefined;
}

const DIGITS = /\D/g;

/**
 * A one-time code typed in one cell per digit, 50 × 50 px (specification section 9; app.css's
 * code-cell size). Below 640 px the cells may narrow, never grow, so that six of them and their gaps
 * never overflow the narrowest phone's card. Every cell is
 * posted under the same name and the action joins them, so it works before JavaScript loads and
 * when a phone's keyboard fills the whole code (autocomplete one-time-code) into the first cell.
 * With JavaScript, typing moves on, Backspace moves back, and a pasted or autofilled code spreads
 * over the cells.
 */
export function CodeCells({ name, length, label, digitLabel, error, refusal }: CodeCellsProps) {
  const cells = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    for (const cell of cells.current) if (cell) cell.value = "";
    cells.current[0]?.focus();
  }, [refusal]);

  function spread(from: number, digits: string) {
    const chars = digits.slice(0, length - from).split("");
    chars.forEach((digit, offset) => {
      const cell = cells.current[from + offset];
      if (cell) cell.value = digit;
    });
    cells.current[Math.min(from + chars.length, length - 1)]?.focus();
  }

  function onInput(index: number, event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const digits = input.value.replace(DIGITS, "");
    input.value = digits.slice(0, 1);
    if (digits.length > 1) spread(index, digits);
    else if (digits.length === 1) cells.current[index + 1]?.focus();
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const digits = event.clipboardData.getData("text").replace(DIGITS, "");
    if (digits === "") return;
    event.preventDefault();
    spread(index, digits);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace" && event.currentTarget.value === "" && index > 0) {
      const previous = cells.current[index - 1];
      if (previous) {
        previous.value = "";
        previous.focus();
      }
      event.preventDefault();
    }
    if (event.key === "ArrowLeft") cells.current[index - 1]?.focus();
    if (event.key === "ArrowRight") cells.current[index + 1]?.focus();
  }

  return (
    // min-w-0: a fieldset is never narrower than its content by default, so the cells could not narrow.
    <fieldset aria-describedby={error ? `${name}-error` : undefined} className="min-w-0">
      <legend className="font-semibold">{label}</legend>
      <div className="mt-2 flex gap-1 sm:gap-2">
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(cell) => {
              cells.current[index] = cell;
            }}
            name={name}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            aria-label={format(digitLabel, { n: index + 1, total: length })}
            aria-invalid={error ? true : undefined}
            required
            onInput={(event) => onInput(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onKeyDown={(event) => onKeyDown(index, event)}
            className="size-code-cell max-w-code-cell min-w-0 flex-1 sm:flex-none rounded-xl border border-sand-300 text-center text-2xl font-bold aria-[invalid=true]:border-carrot-600"
          />
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-carrot-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
