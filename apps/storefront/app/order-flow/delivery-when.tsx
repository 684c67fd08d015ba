import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { LoadBoundary } from "~/components/load-boundary";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { ChoiceCard, ChoiceGroup, type FlowTexts } from "./controls";
import { DELIVERY_FIELDS } from "./fields";
import type { LabelledCalendar } from "./views";

const DeliveryCalendar = lazy(() =>
  import("~/components/delivery-calendar").then((module) => ({ default: module.DeliveryCalendar })),
);

/** Places left from which a slot says how many: before that, the count is noise. */
const FEW_PLACES = 5;

interface WhenProps {
  readonly texts: FlowTexts;
  readonly calendar: LabelledCalendar | null;
  /** "date|slot" chosen before (the draft's, or a refused form's). */
  readonly chosen: string | null;
  readonly error: string | undefined;
}

/**
 * The delivery day and slot: one radio per day and slot, grouped by day, as the server renders it
 * (it works without JavaScript). Once the calendar's chunk has arrived, the calendar chooses the
 * day and only that day's slots stay in view; a slot of another day is unticked on the way.
 */
export function DeliveryWhen({ texts, calendar, chosen, error }: WhenProps) {
  const words = texts.flow.delivery;
  const { tag } = usePageLanguage();
  const list = useRef<HTMLDivElement>(null);
  const dates = calendar?.dates ?? [];
  const chosenDay = chosen?.split("|")[0];
  const [day, setDay] = useState(dates.find((each) => each.date === chosenDay)?.date ?? dates[0]?.date ?? "");
  // The calendar is asked for once the page runs scripts, and replaces the list's days once shown.
  const [wanted, setWanted] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => setWanted(dates.length > 1), [dates.length]);
  const onReady = useCallback(() => setShown(true), []);

  function chooseDay(date: string) {
    setDay(date);
    const radios = list.current?.querySelectorAll<HTMLInputElement>(`input[name="${DELIVERY_FIELDS.when}"]`) ?? [];
    const ofDay = [...radios].filter((radio) => radio.value.startsWith(`${date}|`));
    for (const radio of radios) if (!ofDay.includes(radio)) radio.checked = false;
    if (ofDay.length === 1 && ofDay[0]) ofDay[0].checked = true;
  }

  if (!calendar)
    return (
      <p role="alert" className="font-semibold text-carrot-700">
        {texts.flow.problems.serverError}
      </p>
    );
  return (
    <ChoiceGroup legend={words.dateLegend} hint={words.dateHint} error={error}>
      {dates.length === 0 ? <p className="font-semibold">{words.noDates}</p> : null}
      {wanted ? (
        <LoadBoundary onFail={() => setWanted(false)}>
          <Suspense fallback={null}>
            <div className="mb-4">
              <DeliveryCalendar
                dates={dates.map((each) => each.date)}
                value={day}
                onChange={chooseDay}
                onReady={onReady}
                tag={tag}
                label={words.calendarLabel}
                previousLabel={words.previousMonth}
                nextLabel={words.nextMonth}
              />
            </div>
          </Suspense>
        </LoadBoundary>
      ) : null}
      <div ref={list} className="grid gap-4">
        {dates.map((each) => (
          <fieldset key={each.date} hidden={shown && each.date !== day} className="min-w-0">
            {/* The day alone heads its slots with a capital ("Jueves, 26…"); within a sentence it keeps its own. */}
            <legend className={`font-semibold ${shown ? "" : "first-letter:uppercase"}`}>
              {shown ? format(words.slotsOf, { date: each.label }) : each.label}
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {each.slots.map((slot) => {
                const value = `${each.date}|${slot.code}`;
                return (
                  <ChoiceCard
                    key={slot.code}
                    name={DELIVERY_FIELDS.when}
                    value={value}
                    defaultChecked={chosen === value}
                  >
                    <span className="block font-semibold">
                      {format(words.slot, { start: slot.start, end: slot.end })}
                    </span>
                    {slot.remaining !== null && slot.remaining <= FEW_PLACES ? (
                      <span className="block text-sm text-sand-700">
                        {format(words.remaining, { count: slot.remaining })}
                      </span>
                    ) : null}
                  </ChoiceCard>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </ChoiceGroup>
  );
}
