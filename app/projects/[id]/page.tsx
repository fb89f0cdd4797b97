import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ProjectDetailView } from "@/components/projects/project-detail-view";
import { DEFAULT_PROJECT_KEY, parseProjectId } from "@/lib/projects/ids";

type Props = { params: Promise<{ id: string }> };

/** "PROJ-2" (any case), or "default" for the default workspace. */
function canonical(raw: string): string | null {
  return raw.toLowerCase() === DEFAULT_PROJECT_KEY ? DEFAULT_PROJECT_KEY : parseProjectId(raw);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = canonical((await params).id);
  return { title: id === DEFAULT_PROJECT_KEY ? "Default workspace" : (id ?? "Project not found") };
}

export default async function ProjectPage({ params }: Props) {
  const raw = (await params).id;
  const id = canonical(raw);
  if (!id) notFound();
  if (id !== raw) redirect(`/projects/${id}`); // proj-2 → PROJ-2
  return <ProjectDetailView id={id} />;
}
