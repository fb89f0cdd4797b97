import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { SessionDetailView } from "@/components/sessions/session-detail/session-detail-view";
import { parseId } from "@/lib/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: parseId("session", id) ?? "Session not found" };
}

export default async function SessionPage({ params }: Props) {
  const raw = (await params).id;
  const id = parseId("session", raw);
  if (!id) notFound();
  if (id !== raw) redirect(`/sessions/${id}`); // sess-3 → SESS-3
  return <SessionDetailView id={id} />;
}
