import { ORDER_LIST_MAX_LIMIT } from "@shop/contracts";
import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { AccountHeading, ProblemNotice } from "~/accounts/account-area";
import { EmptyState } from "~/accounts/empty-state";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { OrderCards } from "~/orders/order-list";
import { ordersTextsFor } from "~/orders/texts";
import { summaryView } from "~/orders/order-view";
import { listLimitOf, loadOwnOrders } from "~/orders/orders.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** The customer's orders, newest first; a longer list on asking for the earlier ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  const limit = listLimitOf(request);
  const orders = await loadOwnOrders({ request, context }, limit);
  const { list, number, statuses, newOrder, loadFailed } = ordersTextsFor(locale);
  return {
    orders: orders?.map((order) => summaryView(order, locale)) ?? null,
    // A full page may hide earlier orders: offer the longest list the CMS gives.
    more: orders !== null && orders.length === limit && limit < ORDER_LIST_MAX_LIMIT ? ORDER_LIST_MAX_LIMIT : null,
    texts: { list, number, statuses, newOrder, loadFailed },
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, more, texts } = loaderData;
  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.list.intro} />
      {orders === null ? <ProblemNotice>{texts.loadFailed}</ProblemNotice> : null}
      {orders?.length === 0 ? (
        <EmptyState heading={texts.list.empty} hint={texts.list.emptyHint} action={texts.newOrder} />
      ) : null}
      {orders && orders.length > 0 ? <OrderCards orders={orders} texts={texts} /> : null}
      {more ? (
        <Link to={`?limit=${more}`} className={`${SECONDARY_BUTTON} justify-self-start`}>
          {texts.list.more}
        </Link>
      ) : null}
    </div>
  );
}
