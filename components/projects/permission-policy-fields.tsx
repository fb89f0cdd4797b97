"use client";

import { describedBy, Field, Select, TextArea } from "@/components/ui/field";
import { PERMISSION_MODE_SENTENCES } from "@/lib/permissions/mode-descriptions";
import { parseRule } from "@/lib/permissions/rules";
import type { PermissionPolicy, PermissionPolicyInput } from "@/lib/permissions/schema";
import { PERMISSION_MODE_LABELS, PERMISSION_MODES, type PermissionMode } from "@/lib/permissions/constants";
import type { FieldErrors } from "@/lib/result";

// "What agents may do here": a project's permission policy as a person edits
// it — a mode (or each agent's default) and allow / deny rules, one per line,
// each checked as it is typed with the API's own rule parser (the message
// beside the line is the one the API would answer), and the API's own
// per-rule errors shown the same way.

/** The policy as the form holds it: "" is no policy of its own (each agent's default). */
export type PolicyDraft = { mode: PermissionMode | ""; allow: string; deny: string };

export const EMPTY_POLICY_DRAFT: PolicyDraft = { mode: "", allow: "", deny: "" };

export function draftOf(policy: PermissionPolicy | null): PolicyDraft {
  return policy ? { mode: policy.mode, allow: policy.allow.join("\n"), deny: policy.deny.join("\n") } : EMPTY_POLICY_DRAFT;
}

const rulesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** What the API takes for a draft: a policy, null (each agent's default), or why it cannot be sent. */
export function policyOfDraft(draft: PolicyDraft): { ok: true; value: PermissionPolicyInput | null } | { ok: false; message: string } {
  const allow = rulesOf(draft.allow);
  const deny = rulesOf(draft.deny);
  if (!draft.mode) {
    return allow.length + deny.length > 0 ? { ok: false, message: "Choose what agents may do to go with these rules" } : { ok: true, value: null };
  }
  if ([...allow, ...deny].some((rule) => !parseRule(rule).ok)) return { ok: false, message: "Fix the rules marked below first" };
  return { ok: true, value: { mode: draft.mode, ...(allow.length ? { allow } : {}), ...(deny.length ? { deny } : {}) } };
}

type RuleProblem = { line: number; rule: string; message: string };

/** Each rule line's problem: the rule parser's (the API's) message, or the API's own answer for it (`permissions.allow.2`). */
export function ruleProblems(text: string, apiErrors: FieldErrors, key: "allow" | "deny"): RuleProblem[] {
  const lines = text.split("\n");
  const sent = lines.flatMap((raw, i) => (raw.trim() ? [{ line: i + 1, rule: raw.trim() }] : []));
  return sent.flatMap(({ line, rule }, index) => {
    const parsed = parseRule(rule);
    const message = !parsed.ok ? parsed.message : apiErrors[`permissions.${key}.${index}`]?.[0];
    return message ? [{ line, rule, message }] : [];
  });
}

export function PermissionPolicyFields({
  idPrefix,
  draft,
  onChange,
  apiErrors = {},
  defaultLabel = "Each agent's default (ask where it can ask you, else edit files only)",
}: {
  idPrefix: string;
  draft: PolicyDraft;
  onChange: (draft: PolicyDraft) => void;
  /** The API's field errors of the last save ("permissions.allow.0": […]). */
  apiErrors?: FieldErrors;
  defaultLabel?: string;
}) {
  const modeId = `${idPrefix}-mode`;
  const modeError = apiErrors["permissions.mode"]?.[0] ?? apiErrors.permissions?.[0];
  return (
    <div className="space-y-3">
      <Field
        id={modeId}
        label="What agents may do here"
        hint={
          draft.mode
            ? PERMISSION_MODE_SENTENCES[draft.mode]
            : "Each agent does what it may by default: agents that can ask you (Claude Code, Qwen Code) ask, the others edit files only."
        }
        error={modeError}
      >
        <Select
          id={modeId}
          value={draft.mode}
          onChange={(e) => onChange({ ...draft, mode: e.target.value as PermissionMode | "" })}
          aria-describedby={describedBy(modeId, { hint: true, error: modeError })}
        >
          <option value="">{defaultLabel}</option>
          {PERMISSION_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {PERMISSION_MODE_LABELS[mode]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <RulesField
          id={`${idPrefix}-allow`}
          label="Always allow (one rule per line)"
          placeholder={"Bash(npm test:*)\nBash(git status)"}
          text={draft.allow}
          problems={ruleProblems(draft.allow, apiErrors, "allow")}
          onChange={(allow) => onChange({ ...draft, allow })}
        />
        <RulesField
          id={`${idPrefix}-deny`}
          label="Never allow (one rule per line)"
          placeholder={"Bash(git push:*)\nWebFetch"}
          text={draft.deny}
          problems={ruleProblems(draft.deny, apiErrors, "deny")}
          onChange={(deny) => onChange({ ...draft, deny })}
        />
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Rules name a tool (Bash, Edit, WebFetch, mcp__server__tool), optionally with what it acts on: Bash(npm test:*) is every command starting with &ldquo;npm
        test&rdquo;, Edit(src/**) edits under src. Never allow wins over always allow.
      </p>
    </div>
  );
}

function RulesField({
  id,
  label,
  placeholder,
  text,
  problems,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  text: string;
  problems: RuleProblem[];
  onChange: (text: string) => void;
}) {
  const problemsId = `${id}-problems`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <TextArea
        id={id}
        rows={3}
        value={text}
        spellCheck={false}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problems.length ? true : undefined}
        aria-describedby={problems.length ? problemsId : undefined}
        className="font-mono text-xs"
      />
      {problems.length ? (
        <ul id={problemsId} aria-label={`Problems in ${label.toLowerCase()}`} className="space-y-0.5 text-sm text-red-700 dark:text-red-400">
          {problems.map((p) => (
            <li key={p.line}>
              Line {p.line}: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
