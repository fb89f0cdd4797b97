import type { Metadata } from "next";
import { BundlesView } from "@/components/bundles/bundles-view";

export const metadata: Metadata = { title: "Bundles" };

export default function BundlesPage() {
  return <BundlesView />;
}
