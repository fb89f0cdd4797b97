import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { LoadingBlock } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { isApiError } from "@/lib/api-error";

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A detail page's loading and error states: a skeleton while `query` loads,
 * "<Noun> not found" (404) or "Could not load the <noun>" with a way back on
 * error, and `children(data)` once it is there.
 */
export function QueryGate<T>({
  query,
  noun,
  back,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, in lower case: "issue", "session". */
  noun: string;
  /** Where to go instead, e.g. { href: "/issues", label: "Back to issues" }. */
  back?: { href: string; label: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={`Loading ${noun}…`} />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="space-y-4">
        <ErrorAlert title={notFound ? `${capitalized(noun)} not found` : `Could not load the ${noun}`}>{query.error.message}</ErrorAlert>
        {back ? (
          <TextLink underline href={back.href} className="text-sm">
            {back.label}
          </TextLink>
        ) : null}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * A list's loading, error and empty states: a skeleton, "Could not load
 * <noun>", `empty` for no items, else `children(items)` (marked busy while a
 * new filter's results load over the old ones).
 */
export function QueryList<T>({
  query,
  noun,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** What is listed, in lower case and plural: "issues". */
  noun: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={`Loading ${noun}…`} />;
  if (query.isError) return <ErrorAlert title={`Could not load ${noun}`}>{query.error.message}</ErrorAlert>;
  if (query.data.length === 0) return <>{empty}</>;
  return <div aria-busy={query.isFetching || undefined}>{children(query.data)}</div>;
}
