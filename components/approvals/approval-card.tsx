"use client";

import { useState, type FormEvent } from "react";
import type { Approval, ApprovalScope, DecideApprovalInput } from "@/lib/approvals/schema";
import { useDecideApproval } from "@/lib/approvals/hooks";
import { readAttentionSettings } from "@/lib/approvals/person";
import { Markdown } from "@/components/markdown";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";
import { ApprovalQuestions, type Answers } from "./approval-questions";

// One request of an agent for a person's decision, decided in place: a
// command or file change ("Allow once / for this session / always in this
// project", "Deny" with a message the agent reads), a question (its options,
// or the person's own words), a plan (approve, or send back with what to
// change). The agent's input is shown as text, never as HTML.

const KIND_TITLES: Record<Approval["kind"], string> = {
  tool: "The agent asks to run this",
  question: "The agent asks you",
  plan: "The agent proposes a plan",
};

export function ApprovalCard({ approval, showIssue = false }: { approval: Approval; showIssue?: boolean }) {
  const decide = useDecideApproval();
  const [message, setMessage] = useState("");
  const [replying, setReplying] = useState(false);
  const [answers, setAnswers] = useState<Answers>({});
  const pending = approval.status === "pending";
  const headingId = `approval-${approval.id}`;

  const send = (input: Omit<DecideApprovalInput, "decidedBy">) => {
    const name = readAttentionSettings().name.trim();
    decide.mutate({ id: approval.id, input: { ...input, ...(name ? { decidedBy: name } : { decidedBy: "browser" }) } });
  };
  const allow = (scope: ApprovalScope) => send({ decision: "allow", scope });
  const deny = (event?: FormEvent) => {
    event?.preventDefault();
    send({ decision: "deny", ...(message.trim() ? { message: message.trim() } : {}) });
  };
  const answer = () => send({ decision: "allow", answers });
  const questions = approval.detail?.questions ?? [];
  const answered = questions.length > 0 && questions.every((q) => (answers[q.question] ?? "").trim() !== "");

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 shadow-sm dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="approval-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-amber-900 dark:text-amber-200">
          {KIND_TITLES[approval.kind]}
        </h2>
        <span className="font-mono text-xs text-zinc-500">
          {approval.id} · {approval.agent}
          {showIssue ? ` · ${approval.issueId} ${approval.issueTitle}` : ""}
        </span>
      </div>
      {approval.kind === "tool" ? (
        <pre className="mt-2 max-h-64 overflow-auto rounded bg-white p-2 font-mono text-sm break-all whitespace-pre-wrap text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
          {approval.summary}
        </pre>
      ) : null}
      {approval.kind === "tool" && approval.reason ? <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{approval.reason}</p> : null}
      {approval.kind === "plan" && approval.detail?.plan ? (
        <div className="mt-2 rounded bg-white p-3 dark:bg-zinc-900">
          <Markdown>{approval.detail.plan}</Markdown>
        </div>
      ) : null}
      {approval.kind === "question" ? <ApprovalQuestions questions={questions} answers={answers} onChange={setAnswers} disabled={!pending} /> : null}

      {decide.error ? (
        <ErrorAlert className="mt-3" title="Not decided">
          {decide.error.message}
        </ErrorAlert>
      ) : null}

      {pending ? (
        <div className="mt-3 space-y-2">
          <div className="flex flex-wrap gap-2">
            {approval.kind === "tool" ? (
              <>
                <Button size="sm" onClick={() => allow("once")} disabled={decide.isPending}>
                  Allow once
                </Button>
                <Button size="sm" variant="secondary" onClick={() => allow("session")} disabled={decide.isPending} title={rulesTitle(approval)}>
                  Allow for this session
                </Button>
                <Button size="sm" variant="secondary" onClick={() => allow("project")} disabled={decide.isPending} title={rulesTitle(approval)}>
                  Always allow in this project
                </Button>
              </>
            ) : approval.kind === "plan" ? (
              <Button size="sm" onClick={() => allow("once")} disabled={decide.isPending}>
                Approve the plan
              </Button>
            ) : (
              <Button size="sm" onClick={answer} disabled={decide.isPending || !answered}>
                Send the answer
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={() => setReplying((open) => !open)} aria-expanded={replying} disabled={decide.isPending}>
              {approval.kind === "plan" ? "Send it back…" : approval.kind === "question" ? "Don't answer…" : "Deny…"}
            </Button>
          </div>
          {replying ? (
            <form onSubmit={deny} className="space-y-2">
              <label className="block text-xs font-medium text-zinc-700 dark:text-zinc-300" htmlFor={`${headingId}-message`}>
                {approval.kind === "plan" ? "What should change (the agent reads this)" : "Tell the agent why, or what to do instead (optional)"}
              </label>
              <TextArea id={`${headingId}-message`} rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
              <Button size="sm" type="submit" variant="danger" disabled={decide.isPending}>
                {approval.kind === "plan" ? "Send the plan back" : "Deny"}
              </Button>
            </form>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
          {approval.status === "allowed" ? "Allowed" : approval.status === "denied" ? "Denied" : approval.status === "cancelled" ? "Cancelled" : "Expired"}
          {approval.decidedBy ? ` by ${approval.decidedBy}` : ""}
          {approval.scope && approval.scope !== "once" ? ` (for this ${approval.scope})` : ""}
          {approval.message ? ` — ${approval.message}` : ""}
        </p>
      )}
    </section>
  );
}

function rulesTitle(approval: Approval): string {
  return `Remembers: ${(approval.suggestedRules.length ? approval.suggestedRules : [approval.toolName]).join(", ")}`;
}
