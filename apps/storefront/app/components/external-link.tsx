import type { ComponentProps } from "react";
import { usePageLanguage } from "~/root-data";

type ExternalLinkProps = Omit<ComponentProps<"a">, "target" | "rel"> & {
  readonly href: string;
  /** The arrow follows the children; a link around a card draws its own where it fits. */
  readonly arrow?: boolean;
};

/**
 * A link to another site (a blog post, a press article, a social network): it opens in a new tab,
 * without giving that site a handle on this page (noopener) or the address it came from
 * (noreferrer), and says so to screen readers in the page's language; an arrow says it to the eye.
 */
export function ExternalLink({ children, arrow = true, ...props }: ExternalLinkProps) {
  const { messages } = usePageLanguage();
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      {arrow ? <ExternalArrow /> : null}
      <span className="sr-only"> {messages.site.opensInNewTab}</span>
    </a>
  );
}

/** The arrow that marks a link to another site; hidden from screen readers, which hear the words. */
export function ExternalArrow() {
  return <span aria-hidden="true"> ↗</span>;
}
