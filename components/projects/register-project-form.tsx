"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select, TextInput, describedBy } from "@/components/ui/field";
import { useAgents } from "@/lib/agents/hooks";
import { isApiError } from "@/lib/api-error";
import { useCreateProject } from "@/lib/projects/hooks";
import { McpCheckbox } from "./mcp-setting";
import { EMPTY_POLICY_DRAFT, PermissionPolicyFields, policyOfDraft, type PolicyDraft } from "./permission-policy-fields";

const FIELDS = ["path", "name", "baseBranch", "defaultAgent"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Register a directory as a project: any directory on the server (registering
 * it is the person's consent to agents working there, in worktrees of it),
 * unless the operator capped them with ARBOR_WORKSPACE_ROOTS. The server
 * checks the path, detects git and the base branch; whether agents may
 * consult Arbor and what they may do there can be set at once.
 */
export function RegisterProjectForm() {
  const router = useRouter();
  const create = useCreateProject();
  const agents = useAgents();
  const [values, setValues] = useState<Record<FieldName, string>>({ path: "", name: "", baseBranch: "", defaultAgent: "" });
  const [pathError, setPathError] = useState<string | undefined>();
  const [policy, setPolicy] = useState<PolicyDraft>(EMPTY_POLICY_DRAFT);
  const [policyProblem, setPolicyProblem] = useState<string | null>(null);
  const [mcp, setMcp] = useState(true);
  const pathInput = useRef<HTMLInputElement>(null);
  const serverErrors = isApiError(create.error) ? create.error.fieldErrors : {};
  const errorOf = (field: FieldName) => (field === "path" ? (pathError ?? serverErrors.path?.[0]) : serverErrors[field]?.[0]);
  const policyRefused = Object.keys(serverErrors).some((k) => k.startsWith("permissions"));
  const formError = create.isError && !policyRefused && !FIELDS.some((f) => serverErrors[f]?.length) ? create.error.message : undefined;

  const input = (field: FieldName, props: { placeholder?: string; hasHint?: boolean }) => {
    const id = `project-${field}`;
    const error = errorOf(field);
    return (
      <TextInput
        id={id}
        ref={field === "path" ? pathInput : undefined}
        value={values[field]}
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: props.hasHint, error })}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
      />
    );
  };

  return (
    <form
      aria-labelledby="register-project-heading"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        if (!values.path.trim()) {
          setPathError("Path is required");
          pathInput.current?.focus();
          return;
        }
        setPathError(undefined);
        const permissions = policyOfDraft(policy);
        if (!permissions.ok) {
          setPolicyProblem(permissions.message);
          return;
        }
        setPolicyProblem(null);
        // Empty optional fields are left out: the server picks the folder's name and the checked-out branch.
        const optional = Object.fromEntries(
          (["name", "baseBranch", "defaultAgent"] as const).filter((f) => values[f].trim()).map((f) => [f, values[f].trim()]),
        );
        create.mutate(
          // mcp is on unless said otherwise, so only "off" is sent.
          { path: values.path.trim(), ...optional, ...(mcp ? {} : { mcp: false }), ...(permissions.value ? { permissions: permissions.value } : {}) },
          { onSuccess: (project) => router.push(`/projects/${project.id}`) },
        );
      }}
    >
      <h2 id="register-project-heading" className="font-semibold">
        Register a project
      </h2>
      <Field
        id="project-path"
        label="Directory"
        error={errorOf("path")}
        hint="Its full path on the server: any directory you want agents to work in (in a git repository, each line of work gets a worktree of its own, and your checkout is never written)."
      >
        {input("path", { placeholder: "/home/me/code/shop", hasHint: true })}
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="project-name" label="Name (optional)" error={errorOf("name")}>
          {input("name", { placeholder: "the folder's name" })}
        </Field>
        <Field id="project-baseBranch" label="Base branch (optional)" error={errorOf("baseBranch")}>
          {input("baseBranch", { placeholder: "the checked-out branch" })}
        </Field>
        <Field id="project-defaultAgent" label="Default agent (optional)" error={errorOf("defaultAgent")}>
          <Select
            id="project-defaultAgent"
            value={values.defaultAgent}
            onChange={(e) => setValues((v) => ({ ...v, defaultAgent: e.target.value }))}
            aria-invalid={errorOf("defaultAgent") ? true : undefined}
          >
            <option value="">Claude Code (Arbor&apos;s default)</option>
            {(agents.data?.agents ?? []).map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.displayName}
                {agent.installed ? "" : " (not installed)"}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <McpCheckbox id="project-mcp" checked={mcp} onChange={setMcp} />
      <details className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800" open={policyRefused || policyProblem !== null || undefined}>
        <summary className="cursor-pointer text-sm text-zinc-700 dark:text-zinc-300">What agents may do here (optional)</summary>
        <div className="mt-3">
          <PermissionPolicyFields idPrefix="register-policy" draft={policy} onChange={setPolicy} apiErrors={serverErrors} />
          {policyProblem ? <p className="mt-2 text-sm text-red-700 dark:text-red-400">{policyProblem}</p> : null}
        </div>
      </details>
      {formError ? <ErrorAlert title="Not registered">{formError}</ErrorAlert> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Registering…" : "Register project"}
      </Button>
    </form>
  );
}
