"use client";

import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useExecutionStatusStream } from "@/lib/executions/status-stream";
import { makeQueryClient } from "@/lib/query-client";
import { AttentionNotifier } from "@/components/approvals/attention-notifier";

/** The one status stream of the page: every cached execution view stays current through it. */
function ExecutionStatusStream() {
  useExecutionStatusStream();
  return null;
}

let browserQueryClient: QueryClient | undefined;

/**
 * A new client for each server render; in the browser one for the page's
 * life, not React state: the issue and execution pages hydrate without a
 * <Suspense> boundary below this one (their data is drawn in their HTML), and
 * a hydration React restarts from the root would throw a client kept in
 * state away, with the early answers its queries had taken
 * (lib/executions/early-fetch.ts). TanStack Query's advice for this case.
 */
function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

export function Providers({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <ExecutionStatusStream />
      <AttentionNotifier />
      {children}
    </QueryClientProvider>
  );
}
