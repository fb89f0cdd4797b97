"use client";

import Link from "next/link";
import { type ReactNode, useEffect, useState } from "react";
import { HighlightedText } from "@/components/search/highlighted-text";
import { ErrorAlert } from "@/components/ui/alert";
import { TextInput } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { useSearch } from "@/lib/search/hooks";
import type { SearchGroup, SearchGroupKind, SearchHit, SearchHitKind } from "@/lib/search/schema";
import { replaceSearchParams } from "@/lib/url-state";

const KIND_LABELS: Record<SearchHitKind, string> = {
  prompt: "Prompt",
  assistant: "Assistant",
  tool: "Tool",
  file: "File",
  session: "Session",
  spec: "Spec",
  issue: "Issue",
};

const KIND_STYLES: Record<SearchHitKind, string> = {
  prompt: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300",
  assistant: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300",
  tool: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300",
  file: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300",
  session: "bg-violet-50 text-violet-800 ring-violet-600/20 dark:bg-violet-950 dark:text-violet-300",
  spec: "bg-rose-50 text-rose-800 ring-rose-600/20 dark:bg-rose-950 dark:text-rose-300",
  issue: "bg-indigo-50 text-indigo-800 ring-indigo-600/20 dark:bg-indigo-950 dark:text-indigo-300",
};

const GROUP_NOUNS: Record<SearchGroupKind, [string, string]> = {
  spec: ["spec", "specs"],
  issue: ["issue", "issues"],
  session: ["session", "sessions"],
  execution: ["run", "runs"],
};

/** "in 1 spec, 2 issues and 3 sessions" */
export function describeGroups(groups: readonly SearchGroup[]): string {
  const parts = (Object.keys(GROUP_NOUNS) as SearchGroupKind[]).flatMap((kind) => {
    const n = groups.filter((g) => g.kind === kind).length;
    return n ? [`${n} ${GROUP_NOUNS[kind][n === 1 ? 0 : 1]}`] : [];
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

/** /search?q=: full-text search over specs, issues, prompts, agent output, tool calls, files and sessions. */
export function SearchView({ initialQuery = "" }: { initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const q = useDebouncedValue(query.trim(), 300);
  const results = useSearch(q);
  useEffect(() => replaceSearchParams({ q: q || undefined }), [q]);

  return (
    <div>
      <PageHeader
        title="Search"
        description="Specs and issues, prompts, what agents wrote, the tools they used and the files they touched, and session titles."
      />
      <div className="mb-6" role="search">
        <label htmlFor="search-page-input" className="sr-only">
          Search
        </label>
        <TextInput
          id="search-page-input"
          type="search"
          autoFocus
          value={query}
          maxLength={200}
          onChange={(e) => setQuery(e.target.value)}
          placeholder='login token   "session cache"   -flaky   src/auth/login.ts'
          aria-describedby="search-syntax"
        />
        <p id="search-syntax" className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          Results with every word come first. Use <Syntax>&quot;two words&quot;</Syntax> for a phrase, <Syntax>-word</Syntax> to leave a word out, and{" "}
          <Syntax>this or that</Syntax> for either. A file name finds its paths: <Syntax>login</Syntax> finds <Syntax>src/auth/login.ts</Syntax>.
        </p>
      </div>
      {!q ? (
        <EmptyState title="Search specs, issues and what agents did">Type a word, a file name or a command.</EmptyState>
      ) : results.isPending ? (
        <LoadingBlock label="Searching…" />
      ) : results.isError ? (
        <ErrorAlert title="Search failed">{results.error.message}</ErrorAlert>
      ) : results.data.hitCount === 0 ? (
        <EmptyState title={`Nothing matches “${q}”`}>Try fewer or other words.</EmptyState>
      ) : (
        <div aria-busy={results.isFetching || undefined} className="space-y-4">
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {results.data.hitCount === 1 ? "1 result" : `${results.data.hitCount} results`} in {describeGroups(results.data.groups)}
          </p>
          <ol aria-label="Search results" className="space-y-4">
            {results.data.groups.map((group) => (
              <ResultGroup key={group.key} group={group} />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function Syntax({ children }: { children: ReactNode }) {
  return <code className="rounded bg-zinc-100 px-1 font-mono text-[0.95em] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{children}</code>;
}

function ResultGroup({ group }: { group: SearchGroup }) {
  const document = group.kind === "spec" || group.kind === "issue";
  return (
    <li className="rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-zinc-100 px-4 py-2.5 dark:border-zinc-800">
        <h2 className="min-w-0 flex-1 font-medium break-words">
          {document ? (
            <Link href={group.href} className="hover:underline">
              <span className="mr-2 font-mono text-sm text-zinc-500 dark:text-zinc-400">{group.key}</span>
              {group.title}
            </Link>
          ) : (
            group.title
          )}
        </h2>
        {document ? null : (
          <span className="flex flex-wrap gap-3 text-xs text-zinc-500 dark:text-zinc-400">
            {group.sessionId ? (
              <Link href={`/sessions/${group.sessionId}`} className="font-mono hover:underline">
                {group.sessionId}
              </Link>
            ) : null}
            {group.issueId ? (
              <Link href={`/issues/${group.issueId}`} className="hover:underline">
                <span className="font-mono">{group.issueId}</span>
                {group.issueTitle ? ` · ${group.issueTitle}` : ""}
              </Link>
            ) : null}
          </span>
        )}
      </div>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {group.hits.map((hit, i) => (
          <ResultHit key={`${hit.executionId}:${hit.seq}:${hit.kind}:${i}`} hit={hit} />
        ))}
      </ul>
    </li>
  );
}

function ResultHit({ hit }: { hit: SearchHit }) {
  const mono = hit.kind === "file" || hit.kind === "tool";
  return (
    <li>
      <Link
        href={hit.href}
        className="flex gap-3 px-4 py-2.5 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 dark:hover:bg-zinc-800/50"
      >
        <span className={cn("mt-0.5 inline-flex h-5 shrink-0 items-center rounded-full px-2 text-xs font-medium ring-1 ring-inset", KIND_STYLES[hit.kind])}>
          {KIND_LABELS[hit.kind]}
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn("block text-sm break-words text-zinc-800 dark:text-zinc-200", mono && "font-mono text-xs")}>
            <HighlightedText text={hit.snippet || "(empty)"} highlights={hit.highlights} />
          </span>
          <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">
            {hit.executionId ? <span className="font-mono">{hit.executionId.slice(0, 8)}</span> : null}
            {hit.seq !== null ? <span className="font-mono"> #{hit.seq}</span> : null}
            {hit.executionId ? " · " : null}
            <RelativeTime iso={hit.createdAt} />
            {hit.matchedAllTerms ? null : " · partial match"}
          </span>
        </span>
      </Link>
    </li>
  );
}
