import type { Metadata } from "next";
import { NewSpecView } from "@/components/specs/new-spec-view";

export const metadata: Metadata = { title: "New spec" };

export default function NewSpecPage() {
  return <NewSpecView />;
}
