"use client";

import { Fragment, useMemo } from "react";
import { ReferenceLink, ReferenceResolutionContext } from "@/components/references/reference-link";
import { useResolvedReferences } from "@/lib/references/hooks";

/**
 * Refs given as ids (not cited in a text): "SESS-3, ISSUE-9", each a link
 * with its hover card, checked in one request as markdown's references are
 * (one that no longer exists is shown struck through).
 */
export function RefList({ ids }: { ids: readonly string[] }) {
  const resolved = useResolvedReferences(ids);
  const value = useMemo(() => (resolved.data ? { state: "ready" as const, items: resolved.data } : { state: "pending" as const }), [resolved.data]);
  return (
    <ReferenceResolutionContext.Provider value={value}>
      {ids.map((id, i) => (
        <Fragment key={id}>
          {i > 0 ? ", " : null}
          <ReferenceLink id={id} />
        </Fragment>
      ))}
    </ReferenceResolutionContext.Provider>
  );
}
