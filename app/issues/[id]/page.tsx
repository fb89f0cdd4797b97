import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { IssueDetailView } from "@/components/issues/issue-detail-view";
import { parseId } from "@/lib/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: parseId("issue", id) ?? "Issue not found" };
}

export default async function IssuePage({ params }: Props) {
  const raw = (await params).id;
  const id = parseId("issue", raw);
  if (!id) notFound();
  if (id !== raw) redirect(`/issues/${id}`); // issue-7 → ISSUE-7
  return <IssueDetailView id={id} />;
}
