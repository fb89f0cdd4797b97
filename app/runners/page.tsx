import type { Metadata } from "next";
import { RunnersView } from "@/components/runners/runners-view";

export const metadata: Metadata = { title: "Runners" };

/** /runners: every runner, its load and state, and Drain (issue 24). */
export default function RunnersPage() {
  return <RunnersView />;
}
