import type { ComponentProps } from "react";
import { Link } from "react-router";
import { pathTo, type Locale } from "@shop/routing";
import { usePageLanguage } from "~/root-data";

/** The screens that show one order: its detail names it in the path, the others in `?order=`. */
type OrderScreen = "orderDetail" | "orderPay" | "orderStatus";

export function orderHref(screen: OrderScreen, locale: Locale, number: string): string {
  if (screen === "orderDetail") return pathTo(screen, locale, { id: number });
  return `${pathTo(screen, locale)}?${new URLSearchParams({ order: number })}`;
}

/** A link to one of the customer's orders on one of its screens, in the page's language. */
export function OrderLink({
  screen,
  number,
  ...props
}: Omit<ComponentProps<typeof Link>, "to"> & { screen: OrderScreen; number: string }) {
  const { locale } = usePageLanguage();
  return <Link to={orderHref(screen, locale, number)} {...props} />;
}
