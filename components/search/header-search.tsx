"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";

/** The search box in the header (specs, issues and what agents did): Enter opens /search?q=… (on the search page it follows the page's query). */
export function HeaderSearch({ className }: { className?: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const current = pathname === "/search" ? (params?.get("q") ?? "") : "";
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);

  return (
    <form
      role="search"
      aria-label="Search specs, issues and sessions"
      action="/search"
      className={cn("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        const q = value.trim();
        if (q) router.push(`/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor="header-search" className="sr-only">
        Search Arbor
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400"
      >
        <path
          fillRule="evenodd"
          d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z"
          clipRule="evenodd"
        />
      </svg>
      <input
        id="header-search"
        name="q"
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Search…"
        maxLength={200}
        className="h-8 w-36 rounded-md border border-zinc-300 bg-white pr-2 pl-8 text-sm placeholder:text-zinc-400 focus:w-56 focus:outline-2 focus:-outline-offset-1 focus:outline-emerald-600 sm:w-44 dark:border-zinc-700 dark:bg-zinc-900 motion-safe:transition-[width]"
      />
    </form>
  );
}
