import { PRIMARY_BUTTON } from "~/components/button-styles";
import { ScreenLink } from "~/components/screen-link";

/**
 * An account list with nothing in it yet (orders, subscriptions): what is missing, how to get it,
 * and the way to the new-order flow.
 */
export function EmptyState({ heading, hint, action }: { heading: string; hint: string; action: string }) {
  return (
    <section className="grid justify-items-start gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
      <h2 className="text-xl font-bold text-sand-900">{heading}</h2>
      <p className="text-sand-700">{hint}</p>
      <ScreenLink screen="newOrder" className={PRIMARY_BUTTON}>
        {action}
      </ScreenLink>
    </section>
  );
}
