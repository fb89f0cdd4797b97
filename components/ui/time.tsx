"use client";

import { formatDateTime, formatRelative } from "@/lib/format";

/** A relative time ("3 minutes ago") with the exact date as a tooltip. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {formatRelative(iso)}
    </time>
  );
}
