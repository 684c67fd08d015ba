import type { Core } from "@strapi/strapi";
import { orderNumberOf, type StatusActor } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { insertComponents, insertLinks, insertRows } from "../database/bulk";
import { tableOf, type Sql } from "../database/sql";
import type { orderRowOf } from "./orders";

/** An order's row as orderRowOf makes it, with what its writer adds (its subscription, consents). */
export type NewOrder = ReturnType<typeof orderRowOf> & { subscription?: number | null };

/**
 * Writes orders waiting for their payment, each with its number, its lines, its links to the
 * customer, the zone and (when it has one) the subscription, and the first step of its history
 * (to pending_payment, by `placedBy`); answers their ids in the same order. The one way orders are
 * written, whether a customer places one or the renewals write a page of them.
 *
 * Through the query engine in a few statements (src/database/bulk.ts), not the document service:
 * that one would check each relation with a query of its own, read every line and the order back,
 * and after the commit read the order again with everything it holds, for webhooks nobody has
 * (docs/decisions/053, 056): some twenty statements for one order against eight. Inside the
 * caller's `strapi.db.transaction`, whose `trx` it is given: the query engine's writes find that
 * transaction by themselves and the plain SQL ones use `trx`, so the orders are written whole or not
 * at all. A bare knex transaction would not do: the query engine's writes would go outside it.
 */
export async function insertOrders(
  strapi: Core.Strapi,
  trx: Sql,
  {
    orders,
    placedBy,
    now,
  }: { orders: readonly NewOrder[]; placedBy: { actorKind: StatusActor; actorLabel: string }; now: Date },
): Promise<number[]> {
  const ids = await insertRows(strapi, {
    uid: CONTENT_TYPES.order,
    now,
    rows: orders.map(({ user: _user, zone: _zone, subscription: _subscription, lines: _lines, ...row }) => row),
  });
  if (ids.length === 0) return ids;
  const table = tableOf(strapi, CONTENT_TYPES.order);
  // The number is the order's id in the shop's format (orderNumberOf), known once the row is written.
  await trx(table.name)
    .whereIn("id", ids)
    .update({
      [table.column("number")]: trx.raw(`CASE ?? ${ids.map(() => "WHEN ? THEN ?").join(" ")} END`, [
        "id",
        ...ids.flatMap((id) => [id, orderNumberOf(id)]),
      ]),
    });
  const link = (attribute: "user" | "zone" | "subscription") =>
    insertLinks(strapi, trx, {
      uid: CONTENT_TYPES.order,
      attribute,
      rows: orders.flatMap((order, index) => {
        const targetId = order[attribute];
        return targetId === null || targetId === undefined ? [] : [{ rowId: ids[index]!, targetId }];
      }),
    });
  await link("user");
  await link("zone");
  await link("subscription");
  await insertComponents(strapi, trx, {
    uid: CONTENT_TYPES.order,
    attribute: "lines",
    rows: orders.map((order, index) => ({ rowId: ids[index]!, items: order.lines })),
  });
  const eventIds = await insertRows(strapi, {
    uid: CONTENT_TYPES.orderEvent,
    now,
    rows: ids.map(() => ({ at: now, from: null, to: "pending_payment", ...placedBy })),
  });
  await insertLinks(strapi, trx, {
    uid: CONTENT_TYPES.orderEvent,
    attribute: "order",
    rows: eventIds.map((rowId, index) => ({ rowId, targetId: ids[index]! })),
  });
  return ids;
}

/** insertOrders of one order: its id. */
export async function insertOrder(
  strapi: Core.Strapi,
  trx: Sql,
  { order, placedBy, now }: { order: NewOrder; placedBy: Parameters<typeof insertOrders>[2]["placedBy"]; now: Date },
): Promise<number> {
  const [id] = await insertOrders(strapi, trx, { orders: [order], placedBy, now });
  if (id === undefined) throw new Error("The order was not written");
  return id;
}
