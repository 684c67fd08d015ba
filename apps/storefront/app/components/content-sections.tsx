import type { ReactNode } from "react";
import type { ScreenId } from "@shop/routing";
import { ScreenLink } from "~/components/screen-link";

/** Shared markup of the content pages (our story, commitment, food waste). */

export interface TextCard {
  readonly title: string;
  readonly body: string;
}

/** A page section under the screen's heading: an h2, an optional lead text and its content. */
export function ContentSection({
  title,
  lead,
  tone = "plain",
  children,
}: {
  title: string;
  lead?: string;
  tone?: "plain" | "tinted";
  children?: ReactNode;
}) {
  const inner = (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h2 className="font-display text-2xl font-semibold text-leaf-800 sm:text-3xl">{title}</h2>
      {lead ? <p className="mt-3 max-w-3xl text-lg text-sand-700">{lead}</p> : null}
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
  return tone === "tinted" ? <section className="bg-leaf-50">{inner}</section> : <section>{inner}</section>;
}

/** Running text: one paragraph per entry, at a comfortable reading width. */
export function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-sand-900">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * Cards with a heading and a paragraph each; `numbered` shows them as ordered steps. Headings are
 * h3 inside a titled section, h2 right under the page heading.
 */
export function CardGrid({
  cards,
  numbered = false,
  columns = 3,
  headingLevel = 3,
}: {
  cards: readonly TextCard[];
  numbered?: boolean;
  columns?: 2 | 3 | 4;
  headingLevel?: 2 | 3;
}) {
  const List = numbered ? "ol" : "ul";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const grid = { 2: "md:grid-cols-2", 3: "md:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <List className={`grid gap-4 ${grid}`}>
      {cards.map((card, index) => (
        <li key={card.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
          {numbered ? (
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-carrot-500 font-bold text-sand-900">
              {index + 1}
            </span>
          ) : (
            <span aria-hidden="true" className="block h-1.5 w-10 rounded-full bg-carrot-500" />
          )}
          <Heading className="mt-3 text-lg font-bold text-sand-900">{card.title}</Heading>
          <p className="mt-1 text-sand-700">{card.body}</p>
        </li>
      ))}
    </List>
  );
}

/** A short list with a heading, ticked (`yes`) or crossed (`no`). */
export function MarkedList({ title, items, mark }: { title: string; items: readonly string[]; mark: "yes" | "no" }) {
  const yes = mark === "yes";
  return (
    <div className={`rounded-2xl p-5 ring-1 ${yes ? "bg-leaf-50 ring-leaf-200" : "bg-sand-100 ring-sand-300"}`}>
      <h3 className="text-lg font-bold text-sand-900">{title}</h3>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <svg
              viewBox="0 0 20 20"
              className={`mt-1 h-5 w-5 shrink-0 ${yes ? "text-leaf-600" : "text-carrot-700"}`}
              aria-hidden="true"
              focusable="false"
            >
              <path
                d={yes ? "M4 10.5l4 4 8-9" : "M5 5l10 10M15 5L5 15"}
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface ScreenCard {
  readonly screen: ScreenId;
  readonly title: string;
  readonly body: string;
}

/** Cards that each lead to another screen; the whole card is clickable, the title is the link. */
export function ScreenLinkCards({ cards }: { cards: readonly ScreenCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <li
          key={card.screen}
          className="relative rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200 focus-within:ring-2 focus-within:ring-leaf-600 hover:ring-leaf-500"
        >
          <h3 className="text-lg font-bold text-leaf-800">
            <ScreenLink
              screen={card.screen}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus:outline-none"
            >
              {card.title}
              <span aria-hidden="true"> →</span>
            </ScreenLink>
          </h3>
          <p className="mt-1 text-sand-700">{card.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** The closing band: heading, text and the actions (links) as children. */
export function CallToAction({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="rounded-3xl bg-leaf-700 p-8 text-center text-white">
        <h2 className="font-display text-3xl font-semibold">{title}</h2>
        <p className="mx-auto mt-2 max-w-2xl text-leaf-50">{body}</p>
        <div className="mt-5 flex flex-wrap items-center justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
