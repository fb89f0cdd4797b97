import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { BundleDetailView } from "@/components/bundles/bundle-detail-view";
import { parseBundleId } from "@/lib/bundles/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: parseBundleId(id) ?? "Bundle not found" };
}

export default async function BundlePage({ params }: Props) {
  const raw = (await params).id;
  const id = parseBundleId(raw);
  if (!id) notFound();
  if (id !== raw) redirect(`/bundles/${id}`); // bundle-3 → BUNDLE-3
  return <BundleDetailView id={id} />;
}
