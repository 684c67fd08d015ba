import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";

/**
 * Loader data that streams in after the page: `fallback` while it loads, then `children` with it.
 * Should it miss the stream's deadline, the part is left out rather than the page failing.
 */
export function Later<T>({
  value,
  fallback = null,
  children,
}: {
  value: Promise<T>;
  fallback?: ReactNode;
  children: (value: T) => ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value} errorElement={null}>
        {children}
      </Await>
    </Suspense>
  );
}
