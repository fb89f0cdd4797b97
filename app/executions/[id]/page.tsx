import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ExecutionView } from "@/components/execution/execution-view";
import { isUuid } from "@/lib/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Execution ${id.slice(0, 8)}` };
}

export default async function ExecutionPage({ params }: Props) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  return <ExecutionView id={id.toLowerCase()} />;
}
