export interface Step {
  readonly title: string;
  readonly body: string;
}

/** "How it works": numbered cards. Titles are h3 inside a titled section, h2 right under the page heading. */
export function NumberedSteps({ steps, headingLevel = 3 }: { steps: readonly Step[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-carrot-500 font-bold text-sand-900">
            {index + 1}
          </span>
          <Heading className="mt-3 font-bold">{step.title}</Heading>
          <p className="mt-1 text-sand-700">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
