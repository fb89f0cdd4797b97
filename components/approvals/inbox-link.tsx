"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { useApprovals } from "@/lib/approvals/hooks";
import { cn } from "@/lib/cn";

/**
 * The navigation's Inbox link, with how many decisions wait. Like the
 * header's other links it does not prefetch as it appears (the header
 * prefetches /inbox after the page's load: usePrefetchLater); `linkProps`
 * are the header's hover and focus prefetch.
 */
export function InboxLink({ active, className, linkProps }: { active: boolean; className: string; linkProps?: Partial<ComponentProps<typeof Link>> }) {
  const count = useApprovals({ status: "pending" }).data?.pendingCount ?? 0;
  return (
    <Link href="/inbox" prefetch={false} {...linkProps} aria-current={active ? "page" : undefined} className={className}>
      Inbox
      {count > 0 ? (
        <span
          className={cn("ml-1 inline-flex min-w-5 justify-center rounded-full bg-amber-500 px-1.5 text-xs font-semibold text-white")}
          aria-label={`${count} waiting for you`}
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
