"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { Suspense, useEffect } from "react";
import { KeyboardShortcuts } from "@/components/keyboard-shortcuts";
import { MobileMenu, navActive } from "@/components/mobile-menu";
import { HeaderSearch } from "@/components/search/header-search";
import { ThemeToggle } from "@/components/theme-toggle";
import { InboxLink } from "@/components/approvals/inbox-link";
import { cn } from "@/lib/cn";

const NAV = [
  { href: "/issues", label: "Issues" },
  { href: "/specs", label: "Specs" },
  { href: "/sessions", label: "Sessions" },
  { href: "/bundles", label: "Bundles" },
  { href: "/projects", label: "Projects" },
  { href: "/agents", label: "Agents" },
  { href: "/insights", label: "Insights" },
];
// An operator's page: linked from the Agents page (which runner has which agent) and the menu, where there is room.
const MENU = [...NAV.slice(0, -1), { href: "/runners", label: "Runners" }, NAV[NAV.length - 1]!];

function navLinkClasses(active: boolean): string {
  return cn(
    "rounded-md px-2 py-1.5 sm:px-3 lg:px-2 text-sm font-medium whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600",
    active
      ? "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50"
      : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
  );
}

/** How long after the page's load event the header's links are prefetched (then when the browser is idle). */
const PREFETCH_DELAY_MS = 2_000;

/**
 * The header's pages are prefetched once the page in view has loaded and
 * settled, not as its links hydrate: prefetching them at once (four RSC
 * renders on the server) competed with the page's own data and rendering,
 * e.g. an issue's 1,000-node session tree (docs/performance.md, "UI at
 * scale"). Hovering or focusing a link still prefetches it at once.
 */
export function usePrefetchLater(hrefs: string[]) {
  const router = useRouter();
  const key = hrefs.join(" ");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const prefetch = () => {
      for (const href of key.split(" ")) router.prefetch(href);
    };
    const schedule = () => {
      timer = setTimeout(() => {
        if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(prefetch, { timeout: 5_000 });
        else prefetch();
      }, PREFETCH_DELAY_MS);
    };
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      window.removeEventListener("load", schedule);
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
    };
  }, [router, key]);
  return (href: string) => ({ prefetch: false, onMouseEnter: () => router.prefetch(href), onFocus: () => router.prefetch(href) });
}

const LATER = ["/", "/inbox", ...NAV.map((item) => item.href)];

export function AppHeader() {
  const pathname = usePathname() ?? "/";
  const prefetchProps = usePrefetchLater(LATER);
  return (
    <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/85 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/85">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4 sm:gap-6 sm:px-6">
        <Link
          href="/"
          {...prefetchProps("/")}
          className="flex items-center gap-2 rounded font-semibold tracking-tight text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-zinc-50"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5 text-emerald-600 dark:text-emerald-400"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 22V12" />
            <path d="M12 12 7 7" />
            <path d="M12 14l5-5" />
            <circle cx="7" cy="6" r="2.2" />
            <circle cx="17" cy="8" r="2.2" />
            <circle cx="12" cy="4" r="2" />
          </svg>
          Arbor
        </Link>
        {/* What waits for a decision, with its count: shown at every width. */}
        <InboxLink active={pathname === "/inbox"} className={navLinkClasses(pathname === "/inbox")} linkProps={prefetchProps("/inbox")} />
        {/* Below lg the links do not fit: a Menu button opens them (components/mobile-menu.tsx). */}
        <MobileMenu items={MENU} pathname={pathname} />
        <nav aria-label="Main" className="hidden min-w-0 items-center gap-1 overflow-x-auto lg:flex">
          {NAV.map((item) => {
            const active = navActive(pathname, item.href);
            return (
              <Link
                key={item.href}
                href={item.href}
                {...prefetchProps(item.href)}
                aria-current={active ? "page" : undefined}
                className={navLinkClasses(active)}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {/* useSearchParams needs a Suspense boundary in a prerendered layout. */}
          <Suspense fallback={<div className="h-8 w-36 sm:w-44" aria-hidden="true" />}>
            <HeaderSearch />
          </Suspense>
          <KeyboardShortcuts />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
