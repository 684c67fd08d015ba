export interface Step {
  readonly title: string;
  readonly body: string;
}

/** "How it works": three numbered cards. */
export function NumberedSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-carrot-500 font-bold text-sand-900">
            {index + 1}
          </span>
          <h3 className="mt-3 font-bold">{step.title}</h3>
          <p className="mt-1 text-sand-700">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
