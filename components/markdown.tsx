"use client";

import { QueryClientContext } from "@tanstack/react-query";
import { useContext, useMemo, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { ReferenceLink, ReferenceResolutionContext } from "@/components/references/reference-link";
import { remarkReferences } from "@/components/references/remark-references";
import { cn } from "@/lib/cn";
import { useResolvedReferences } from "@/lib/references/hooks";
import { parseReferences } from "@/lib/references/parse";

// The sanitizer's default (GitHub's) schema, plus one attribute: the marker
// the references plugin puts on the links it makes, limited to well-formed ids.
const sanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), ["dataArborRef", /^(?:SPEC|ISSUE|SESS)-[1-9][0-9]{0,9}$/]],
  },
};

const components: Components = {
  // External links open in a new tab; nothing from the markdown can run script
  // (raw HTML is not rendered, and rehype-sanitize drops unsafe URLs and attributes).
  a: ({ node: _node, href, children, ...props }) => {
    const ref = (props as Record<string, unknown>)["data-arbor-ref"];
    if (typeof ref === "string") return <ReferenceLink id={ref} />;
    const external = typeof href === "string" && /^https?:\/\//i.test(href);
    return (
      <a href={href} {...props} {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}>
        {children}
      </a>
    );
  },
};

const remarkPlugins = [remarkGfm, remarkReferences];
const rehypePlugins: NonNullable<Parameters<typeof ReactMarkdown>[0]["rehypePlugins"]> = [[rehypeSanitize, sanitizeSchema]];

/**
 * Renders user-written markdown (GitHub flavoured), sanitized. `[[SPEC-3]]`,
 * `[[ISSUE-7]]` and `[[SESS-42]]` become links with a hover card; references
 * to entities that do not exist are shown struck through in red.
 */
export function Markdown({ children, className, emptyText = "Nothing written yet." }: { children: string; className?: string; emptyText?: string }) {
  const queryClient = useContext(QueryClientContext);
  const ids = useMemo(() => parseReferences(children).map((r) => r.id), [children]);

  if (!children.trim()) {
    return <p className={cn("text-sm italic text-zinc-500 dark:text-zinc-400", className)}>{emptyText}</p>;
  }
  const body = (
    <div className={cn("markdown", className)}>
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
  // Without a query client (e.g. a bare render) references are plain links.
  if (!queryClient || ids.length === 0) return body;
  return <ResolvedReferences ids={ids}>{body}</ResolvedReferences>;
}

/** Checks, in one request, which referenced entities exist. */
function ResolvedReferences({ ids, children }: { ids: string[]; children: ReactNode }) {
  const resolved = useResolvedReferences(ids);
  const value = useMemo(() => (resolved.data ? { state: "ready" as const, items: resolved.data } : { state: "pending" as const }), [resolved.data]);
  return <ReferenceResolutionContext.Provider value={value}>{children}</ReferenceResolutionContext.Provider>;
}
