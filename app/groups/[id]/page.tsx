import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GroupView } from "@/components/groups/group-view";
import { parseGroupId } from "@/lib/groups/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: parseGroupId(id) ?? "Group" };
}

/** /groups/GRP-3: a fan-out's members compared side by side. */
export default async function GroupPage({ params }: Props) {
  const { id } = await params;
  const groupId = parseGroupId(decodeURIComponent(id));
  if (!groupId) notFound();
  return <GroupView id={groupId} />;
}
