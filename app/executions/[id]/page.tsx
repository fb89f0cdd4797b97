import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ExecutionView } from "@/components/executions/execution-view";

type Props = { params: Promise<{ id: string }> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Execution ${id.slice(0, 8)}` };
}

export default async function ExecutionPage({ params }: Props) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  return <ExecutionView id={id.toLowerCase()} />;
}
