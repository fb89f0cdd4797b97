"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import { isApiError } from "@/lib/api-error";
import { useUpdateProject } from "@/lib/projects/hooks";
import type { Project, ProjectDetail, UpdateProjectInput } from "@/lib/projects/schema";

type LoopField = "checkCommand" | "checkTimeoutSeconds" | "setupScript" | "copyFiles" | "cleanupScript" | "remote";
const LOOP_FIELDS: LoopField[] = ["checkCommand", "checkTimeoutSeconds", "setupScript", "copyFiles", "cleanupScript", "remote"];

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** The form's values from the project: an argv shows one argument per line (the advanced mode). */
function initial(project: Project) {
  const argv = Array.isArray(project.checkCommand);
  return {
    argv,
    check: argv ? (project.checkCommand as string[]).join("\n") : ((project.checkCommand as string | null) ?? ""),
    timeout: String(project.checkTimeoutSeconds),
    setup: project.setupScript ?? "",
    copy: project.copyFiles.join("\n"),
    cleanup: project.cleanupScript ?? "",
    remote: project.remote ?? "",
  };
}
type Values = ReturnType<typeof initial>;

/** Only what changed, as PATCH takes it (empty clears a field: null). */
export function loopChanges(project: Project, v: Values): UpdateProjectInput {
  const changes: UpdateProjectInput = {};
  // Arguments are kept as written (an argument may hold spaces); a shell line is trimmed.
  const argvNow = v.check.split("\n").filter((a) => a.trim() !== "");
  const check = v.argv ? (argvNow.length ? argvNow : null) : v.check.trim() || null;
  if (JSON.stringify(check) !== JSON.stringify(project.checkCommand)) changes.checkCommand = check;
  // An emptied limit keeps the current one; anything else goes to the server, whose message says what is wrong with it.
  if (v.timeout.trim() !== "" && v.timeout.trim() !== String(project.checkTimeoutSeconds)) changes.checkTimeoutSeconds = Number(v.timeout);
  if ((v.setup.trim() ? v.setup : null) !== project.setupScript) changes.setupScript = v.setup.trim() ? v.setup : null;
  if (JSON.stringify(lines(v.copy)) !== JSON.stringify(project.copyFiles)) changes.copyFiles = lines(v.copy);
  if ((v.cleanup.trim() ? v.cleanup : null) !== project.cleanupScript) changes.cleanupScript = v.cleanup.trim() ? v.cleanup : null;
  if ((v.remote.trim() || null) !== project.remote) changes.remote = v.remote.trim() || null;
  return changes;
}

/**
 * "Checks and worktrees": the project's check on every turn, how a new
 * worktree is made ready (set-up script, files copied from the main checkout)
 * and cleaned up, and the remote Push uses. PATCH sends only what changed;
 * the server's message for a field shows beside it.
 */
export function LoopSettings({ project }: { project: ProjectDetail }) {
  const update = useUpdateProject(project.id);
  const [v, setV] = useState(() => initial(project));
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<Values>) => {
    setSaved(false);
    setV((old) => ({ ...old, ...patch }));
  };
  const all = isApiError(update.error) ? update.error.fieldErrors : {};
  // A list's entry is reported as "copyFiles.2": it belongs beside the list.
  const errorOf = (f: LoopField) => Object.entries(all).find(([k]) => k === f || k.startsWith(`${f}.`))?.[1]?.[0];
  const formError = update.isError && !LOOP_FIELDS.some((f) => errorOf(f)) ? update.error.message : undefined;
  const id = (f: string) => `loop-${f}-${project.id}`;
  const invalid = (f: LoopField) => (errorOf(f) ? true : undefined);

  return (
    <form
      aria-label="Checks and worktrees settings"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const changes = loopChanges(project, v);
        if (Object.keys(changes).length === 0) return setSaved(true);
        update.mutate(changes, {
          onSuccess: (p) => {
            setV(initial(p));
            setSaved(true);
          },
        });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field
          id={id("checkCommand")}
          label="Check command"
          error={errorOf("checkCommand")}
          hint={
            v.argv
              ? "One argument per line, run as it is (no shell)."
              : "A shell line run with sh -c in the turn's worktree after each turn, e.g. npm test. Empty: no check."
          }
          labelAction={
            <label className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
              <input type="checkbox" checked={v.argv} onChange={(e) => set({ argv: e.target.checked })} className="size-3.5 accent-emerald-600" />
              Advanced: arguments, no shell
            </label>
          }
        >
          {v.argv ? (
            <TextArea
              id={id("checkCommand")}
              rows={3}
              spellCheck={false}
              className="font-mono"
              value={v.check}
              onChange={(e) => set({ check: e.target.value })}
              aria-invalid={invalid("checkCommand")}
            />
          ) : (
            <TextInput
              id={id("checkCommand")}
              spellCheck={false}
              className="font-mono"
              placeholder="npm test"
              value={v.check}
              onChange={(e) => set({ check: e.target.value })}
              aria-invalid={invalid("checkCommand")}
            />
          )}
        </Field>
        <Field id={id("checkTimeoutSeconds")} label="Check time limit (s)" error={errorOf("checkTimeoutSeconds")}>
          <TextInput
            id={id("checkTimeoutSeconds")}
            type="number"
            min={1}
            value={v.timeout}
            onChange={(e) => set({ timeout: e.target.value })}
            aria-invalid={invalid("checkTimeoutSeconds")}
          />
        </Field>
      </div>
      {project.isGitRepo ? (
        <>
          <Field
            id={id("setupScript")}
            label="Set-up script"
            error={errorOf("setupScript")}
            hint="Run (sh -c) in each new worktree before its first turn, e.g. npm ci. If it fails, the run fails with its output and the worktree is kept."
          >
            <TextArea
              id={id("setupScript")}
              rows={3}
              spellCheck={false}
              className="font-mono"
              value={v.setup}
              onChange={(e) => set({ setup: e.target.value })}
              aria-invalid={invalid("setupScript")}
            />
          </Field>
          <Field
            id={id("copyFiles")}
            label="Files to copy into new worktrees"
            error={errorOf("copyFiles")}
            hint="One glob per line, from the main checkout (e.g. .env). A .worktreeinclude file in the repository is honoured too."
          >
            <TextArea
              id={id("copyFiles")}
              rows={3}
              spellCheck={false}
              className="font-mono"
              placeholder=".env"
              value={v.copy}
              onChange={(e) => set({ copy: e.target.value })}
              aria-invalid={invalid("copyFiles")}
            />
          </Field>
          <Field id={id("cleanupScript")} label="Clean-up script" error={errorOf("cleanupScript")} hint="Run (sh -c) in a worktree before Arbor removes it.">
            <TextArea
              id={id("cleanupScript")}
              rows={2}
              spellCheck={false}
              className="font-mono"
              value={v.cleanup}
              onChange={(e) => set({ cleanup: e.target.value })}
              aria-invalid={invalid("cleanupScript")}
            />
          </Field>
          <Field id={id("remote")} label="Remote" error={errorOf("remote")} hint="Where Push and pull requests go. Empty: origin.">
            <TextInput
              id={id("remote")}
              spellCheck={false}
              className="font-mono sm:max-w-xs"
              placeholder="origin"
              value={v.remote}
              onChange={(e) => set({ remote: e.target.value })}
              aria-invalid={invalid("remote")}
            />
          </Field>
        </>
      ) : null}
      {formError ? <ErrorAlert title="Not saved">{formError}</ErrorAlert> : null}
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save checks and worktrees"}
        </Button>
        {saved && !update.isPending ? (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}
