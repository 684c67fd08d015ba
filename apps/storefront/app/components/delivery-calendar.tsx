import { useEffect } from "react";
import { parseDate } from "@internationalized/date";
import { Button, Calendar, CalendarCell, CalendarGrid, Heading, I18nProvider } from "react-aria-components";

interface DeliveryCalendarProps {
  /** The offered days ("2026-05-12"), soonest first; at least one. */
  readonly dates: readonly string[];
  readonly value: string;
  readonly onChange: (date: string) => void;
  /** Told once the calendar is on the page, so the list it stands for can step aside. */
  readonly onReady: () => void;
  /** The page's language tag (month and weekday names, the week's first day). */
  readonly tag: string;
  readonly label: string;
  readonly previousLabel: string;
  readonly nextLabel: string;
}

const NAV_BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-full text-xl text-leaf-800 hover:bg-leaf-100 data-[disabled]:opacity-30 data-[focus-visible]:outline data-[focus-visible]:outline-2 data-[focus-visible]:outline-leaf-700";

const CELL =
  "flex h-11 w-11 items-center justify-center rounded-full text-base font-semibold outline-none data-[outside-month]:invisible data-[unavailable]:font-normal data-[unavailable]:text-sand-400 data-[unavailable]:line-through data-[selected]:bg-leaf-700 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-carrot-500 data-[focus-visible]:ring-offset-2 [&:not([data-unavailable]):not([data-selected])]:bg-leaf-50 [&:not([data-unavailable]):not([data-selected])]:hover:bg-leaf-100";

/**
 * The delivery date picker (React Aria's Calendar: arrow keys move by day, Page Up/Down by month,
 * and every day is announced): only the offered days can be chosen. It comes in its own chunk on
 * the delivery step, over a server-rendered list of the same days that works without it.
 */
export function DeliveryCalendar({
  dates,
  value,
  onChange,
  onReady,
  tag,
  label,
  previousLabel,
  nextLabel,
}: DeliveryCalendarProps) {
  useEffect(onReady, [onReady]);
  const offered = new Set(dates);
  const first = dates[0] ?? value;
  const last = dates.at(-1) ?? value;
  return (
    <I18nProvider locale={tag}>
      <Calendar
        aria-label={label}
        value={parseDate(value)}
        onChange={(date) => onChange(date.toString())}
        minValue={parseDate(first)}
        maxValue={parseDate(last)}
        isDateUnavailable={(date) => !offered.has(date.toString())}
        className="w-fit rounded-2xl bg-white p-3 ring-1 ring-sand-200"
      >
        <header className="flex items-center justify-between gap-2">
          <Button slot="previous" aria-label={previousLabel} className={NAV_BUTTON}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Heading className="text-lg font-bold first-letter:uppercase" />
          <Button slot="next" aria-label={nextLabel} className={NAV_BUTTON}>
            <span aria-hidden="true">›</span>
          </Button>
        </header>
        <CalendarGrid className="mt-2 border-separate border-spacing-1">
          {(date) => <CalendarCell date={date} className={CELL} />}
        </CalendarGrid>
      </Calendar>
    </I18nProvider>
  );
}
