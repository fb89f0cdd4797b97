import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

export const controlClasses =
  "block w-full rounded-md border bg-white px-3 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 " +
  "focus:outline-2 focus:-outline-offset-1 focus:outline-emerald-600 " +
  "dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 " +
  "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:outline-red-600 dark:aria-[invalid=true]:border-red-500";

const borderClasses = "border-zinc-300 dark:border-zinc-700";

/** ids for a field's hint and error, to wire aria-describedby. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string | undefined }) {
  const ids = fieldIds(id);
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
}

/** A labelled form field with an optional hint and an error shown right under the control. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
  labelAction,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
  labelAction?: ReactNode;
}) {
  const ids = fieldIds(id);
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {labelAction}
      </div>
      {children}
      {hint && !error ? (
        <p id={ids.hint} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClasses, borderClasses, "h-10", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClasses, borderClasses, "h-10 pr-8", className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClasses, borderClasses, "py-2 leading-relaxed", className)} {...props} />;
}
