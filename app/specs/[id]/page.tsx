import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { SpecDetailView } from "@/components/specs/spec-detail-view";
import { parseId } from "@/lib/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: parseId("spec", id) ?? "Spec not found" };
}

export default async function SpecPage({ params }: Props) {
  const raw = (await params).id;
  const id = parseId("spec", raw);
  if (!id) notFound();
  if (id !== raw) redirect(`/specs/${id}`); // spec-3 → SPEC-3
  return <SpecDetailView id={id} />;
}
