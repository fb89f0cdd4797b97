import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** An error message announced to screen readers. */
export function ErrorAlert({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        "rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800",
        "dark:border-red-900 dark:bg-red-950/60 dark:text-red-200",
        className,
      )}
    >
      {title ? <p className="font-medium">{title}</p> : null}
      <div className={title ? "mt-1" : undefined}>{children}</div>
    </div>
  );
}
