import { useId } from "react";
import type { DeliveryAreasView } from "~/delivery-areas";

/**
 * The delivery zones with their postcodes, days, fee and cut-off, as the server worked them out
 * (~/delivery-areas): text only, so the page carries no formatting code for them.
 */
export function DeliveryAreas({ view }: { view: DeliveryAreasView }) {
  const headingId = useId();
  const { labels, areas } = view;
  return (
    <section aria-labelledby={headingId} className="mt-4 grid gap-3" data-delivery-areas="">
      <h3 id={headingId} className="font-bold text-sand-900">
        {labels.heading}
      </h3>
      {areas && areas.length > 0 ? (
        <ul className="grid gap-3">
          {areas.map((area) => (
            <li key={area.name} className="rounded-xl bg-sand-50 p-4 ring-1 ring-sand-200">
              <h4 className="font-bold text-leaf-800">{area.name}</h4>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-sand-700 sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold text-sand-900">{labels.postcodes}</dt>
                <dd className="[overflow-wrap:anywhere]">{area.postcodes}</dd>
                <dt className="font-semibold text-sand-900">{labels.days}</dt>
                <dd className="first-letter:uppercase">{area.days}</dd>
                <dt className="font-semibold text-sand-900">{labels.fee}</dt>
                <dd>{area.fee}</dd>
                <dt className="font-semibold text-sand-900">{labels.cutoff}</dt>
                <dd>{area.cutoff}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sand-700">{view.empty}</p>
      )}
    </section>
  );
}
