"use client";

import Link from "next/link";
import { useApprovals } from "@/lib/approvals/hooks";
import { cn } from "@/lib/cn";

/** The navigation's Inbox link, with how many decisions wait. */
export function InboxLink({ active, className }: { active: boolean; className: string }) {
  const count = useApprovals({ status: "pending" }).data?.pendingCount ?? 0;
  return (
    <Link href="/inbox" aria-current={active ? "page" : undefined} className={className}>
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
