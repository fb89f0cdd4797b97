"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useExecutionStatusStream } from "@/lib/executions/status-stream";
import { makeQueryClient } from "@/lib/query-client";
import { AttentionNotifier } from "@/components/approvals/attention-notifier";

/** The one status stream of the page: every cached execution view stays current through it. */
function ExecutionStatusStream() {
  useExecutionStatusStream();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser session (created lazily so server renders never share it).
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ExecutionStatusStream />
      <AttentionNotifier />
      {children}
    </QueryClientProvider>
  );
}
