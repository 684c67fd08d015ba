import type { ComponentProps } from "react";
import { Link } from "react-router";
import { pathTo, type RouteParams, type ScreenId } from "@shop/routing";
import { usePageLanguage } from "~/root-data";

type ScreenLinkProps = Omit<ComponentProps<typeof Link>, "to"> & {
  readonly screen: ScreenId;
  readonly params?: RouteParams;
};

/** A link to a screen in the page's language; paths come only from the route table. */
export function ScreenLink({ screen, params, ...props }: ScreenLinkProps) {
  const { locale } = usePageLanguage();
  return <Link to={pathTo(screen, locale, params)} {...props} />;
}
