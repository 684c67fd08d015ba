import { CardGrid, type TextCard } from "./content-sections";

export type Step = TextCard;

/** "How it works": numbered cards. Titles are h3 inside a titled section, h2 right under the page heading. */
export function NumberedSteps({ steps, headingLevel = 3 }: { steps: readonly Step[]; headingLevel?: 2 | 3 }) {
  return <CardGrid cards={steps} numbered headingLevel={headingLevel} />;
}
