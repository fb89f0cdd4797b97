import Link from "next/link";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { shortId } from "@/lib/executions/format";
import { executionHref } from "@/lib/hrefs";

/** The app's in-text link: emerald, underlined on hover (or always, with `underline`), with a visible focus ring. */
export function textLinkClasses({ underline = false, mono = false, className }: { underline?: boolean; mono?: boolean; className?: string } = {}): string {
  return cn(
    "rounded font-medium text-emerald-700 underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400",
    underline ? "underline hover:text-emerald-800 dark:hover:text-emerald-300" : "hover:underline",
    mono && "font-mono",
    className,
  );
}

export function TextLink({ underline, mono, className, ...props }: ComponentProps<typeof Link> & { underline?: boolean; mono?: boolean }) {
  return <Link className={textLinkClasses({ underline, mono, className })} {...props} />;
}

/** A link to an execution's page, shown as its short id (`#1a2b3c4d`) unless given other content. */
export function ExecutionLink({
  id,
  seq,
  children,
  ...props
}: Omit<ComponentProps<typeof TextLink>, "href"> & { id: string /** An event of its log to scroll to. */; seq?: number }) {
  return (
    <TextLink mono href={executionHref(id, seq)} {...props}>
      {children ?? `#${shortId(id)}`}
    </TextLink>
  );
}
