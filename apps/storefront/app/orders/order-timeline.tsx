import type { OrdersTexts } from "./texts";
import { format } from "~/i18n/format";
import type { OrderView } from "./order-view";
import { OrderStatusBadge } from "./order-status-badge";

/** Every change of the order's status, oldest first: when, from what, to what, and who made it. */
export function OrderTimeline({
  events,
  texts,
}: {
  events: OrderView["events"];
  texts: Pick<OrdersTexts, "timeline" | "statuses">;
}) {
  return (
    <ol className="relative grid gap-4 border-l-2 border-leaf-200 pl-5">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.65rem] h-3 w-3 rounded-full bg-leaf-600" />
          <OrderStatusBadge status={event.to} label={texts.statuses[event.to]} />
          <p className="mt-1 text-sm text-sand-900">
            <time dateTime={event.at}>{event.when}</time> · {texts.timeline.actors[event.actor]}
          </p>
          <p className="text-sm text-sand-700">
            {event.from ? format(texts.timeline.from, { status: texts.statuses[event.from] }) : texts.timeline.created}
          </p>
        </li>
      ))}
    </ol>
  );
}
