"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-error";
import { useUpdateProject } from "@/lib/projects/hooks";
import type { Project } from "@/lib/projects/schema";
import { draftOf, PermissionPolicyFields, policyOfDraft, type PolicyDraft } from "./permission-policy-fields";

/**
 * A project's (or the default workspace's) permission policy, on its page:
 * the mode and the rules as they are stored, edited and saved with PATCH
 * (`permissions`; no mode: back to each agent's default). A run or a
 * follow-up may still bring its own mode for one turn.
 */
export function PermissionPolicySetting({ project }: { project: Project }) {
  const update = useUpdateProject(project.id);
  const [draft, setDraft] = useState<PolicyDraft>(() => draftOf(project.permissions));
  const [problem, setProblem] = useState<string | null>(null);
  const apiErrors = isApiError(update.error) ? update.error.fieldErrors : {};
  const rulesRefused = Object.keys(apiErrors).some((k) => k.startsWith("permissions."));
  return (
    <form
      aria-label="What agents may do here"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const policy = policyOfDraft(draft);
        if (!policy.ok) {
          setProblem(policy.message);
          return;
        }
        setProblem(null);
        update.mutate({ permissions: policy.value });
      }}
    >
      <PermissionPolicyFields idPrefix={`policy-${project.id}`} draft={draft} onChange={setDraft} apiErrors={apiErrors} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
        {update.isSuccess ? (
          <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Saved: new runs and follow-ups here use it.
          </span>
        ) : null}
      </div>
      {problem ? <p className="text-sm text-red-700 dark:text-red-400">{problem}</p> : null}
      {update.isError && !rulesRefused ? <ErrorAlert title="Not saved">{update.error.message}</ErrorAlert> : null}
    </form>
  );
}
