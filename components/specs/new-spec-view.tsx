"use client";

import { useRouter } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { SpecForm } from "@/components/specs/spec-form";
import { useCreateSpec } from "@/lib/specs/hooks";

/** `defaultProjectId`: the project the page was opened from ("New spec" on a project's page). */
export function NewSpecView({ defaultProjectId }: { defaultProjectId?: string }) {
  const router = useRouter();
  const createSpec = useCreateSpec();
  return (
    <div className="max-w-3xl">
      <PageHeader title="New spec" description="Describe what should be built. You can link issues to it afterwards." />
      <SpecForm
        initialValues={{ title: "", body: "", projectId: defaultProjectId ?? "" }}
        submitLabel="Create spec"
        pendingLabel="Creating…"
        onSubmit={async (values) => {
          const spec = await createSpec.mutateAsync(values);
          router.push(`/specs/${spec.id}`);
        }}
        onCancel={() => router.back()}
      />
    </div>
  );
}
