import Link from "next/link";
import type { ReactNode } from "react";
import { executionsHref } from "@/lib/insights/api";
import type { Drill } from "@/lib/insights/schema";
import { cn } from "@/lib/cn";

/** A number that opens the executions behind it. */
export function DrillLink({ drill, children, label, className }: { drill: Drill; children: ReactNode; label?: string; className?: string }) {
  return (
    <Link
      href={executionsHref(drill)}
      aria-label={label}
      title={label ?? "Show these executions"}
      className={cn(
        "rounded tabular-nums underline decoration-zinc-300 decoration-dotted underline-offset-2 hover:text-emerald-700 hover:decoration-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:decoration-zinc-600 dark:hover:text-emerald-400",
        className,
      )}
    >
      {children}
    </Link>
  );
}
