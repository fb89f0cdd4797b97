import type { LogEntry } from "@/lib/executions/log-entries";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { firstMatch, parseRules, type PermissionRule } from "@/lib/permissions/rules";
import { subjectOf } from "@/lib/permissions/subject";
import type { ApprovalAnswer, ApprovalProtocol, ApprovalSignal } from "@/server/agents/types";
import { approvalDetail, summarizeApproval } from "@/lib/approvals/describe";
import { expireApproval } from "@/server/approvals/expire-approval";
import { recordApprovalRequest } from "@/server/approvals/record-approval-request";
import { settlePendingApprovals } from "@/server/approvals/settle-pending-approvals";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { WebhookEvent } from "@/server/notifications/send-webhook";

// One turn's live approvals, on the runner that owns its agent process. The
// agent asks on stdout (its ApprovalProtocol); a call Arbor's rules decide is
// answered at once (a deny rule, or an allow rule added since the launch: the
// CLI already skips the launch's own); anything else becomes an approval
// (APR-n) a person decides through the API. The decision arrives as a NOTIFY
// (process/listen.ts → decided()), and the answer goes to the process's stdin.
// Every request and answer is an event in the turn's log (the audit trail).

export type TurnApprovalsDeps = {
  execution: { id: string; issueId: string; projectId: string | null; agent: string };
  runnerId: string;
  protocol: ApprovalProtocol;
  permissions: EffectivePermissions;
  /** Writes to the agent's stdin; false when it no longer reads. */
  write: (text: string) => boolean;
  /** Adds an event to the turn's log (stream "arbor"). */
  note: (kind: string, data: Record<string, unknown>, searchText: string) => void;
  /** The agent session, once the agent named it. */
  sessionId: () => string | null;
  /** Approvals of every turn of this runner, by id: how a decision finds its turn. */
  registry: Map<string, TurnApprovals>;
  /** ARBOR_APPROVAL_TIMEOUT in ms, or null. */
  timeoutMs: number | null;
  webhook: (event: WebhookEvent) => void;
  log: (line: string) => void;
};

type Waiting = { signal: ApprovalSignal; shownInput: unknown; summary: string; timer: NodeJS.Timeout | null };

export class TurnApprovals {
  private readonly waiting = new Map<string, Waiting>();
  /** Tool calls' inputs by tool_use id: an ExitPlanMode request carries no plan, its tool call does. */
  private readonly toolInputs = new Map<string, unknown>();
  private readonly allow: PermissionRule[];
  private readonly deny: PermissionRule[];

  constructor(private readonly deps: TurnApprovalsDeps) {
    this.allow = parseRules(deps.permissions.allow);
    this.deny = parseRules(deps.permissions.deny);
  }

  /** Every stdout line of the turn, with what the log shows of it. */
  observe(line: string, entries: readonly LogEntry[]): void {
    for (const entry of entries) if (entry.type === "tool_call" && entry.toolUseId) this.toolInputs.set(entry.toolUseId, entry.input);
    const signal = this.deps.protocol.parse(line);
    if (signal) void this.handle(signal).catch((error: Error) => this.deps.log(`approval of ${this.deps.execution.id}: ${error.message}`));
  }

  /** A person decided `approvalId` (or it was settled): answer the process. */
  async decided(approvalId: string): Promise<void> {
    const waiting = this.waiting.get(approvalId);
    if (!waiting) return;
    const row = await prisma.approval.findUnique({ where: { id: approvalId } });
    if (!row || row.status === "pending" || !this.waiting.delete(approvalId)) return;
    this.deps.registry.delete(approvalId);
    if (waiting.timer) clearTimeout(waiting.timer);
    const { signal } = waiting;
    let answer: ApprovalAnswer;
    if (row.status === "allowed") {
      const answers = row.answers && typeof row.answers === "object" ? row.answers : null;
      answer = {
        behavior: "allow",
        // A question is answered by allowing it with the answers added to its input.
        updatedInput: signal.kind === "question" && answers ? { ...(signal.input as object), answers } : signal.input,
        rememberRules: row.rememberedRules,
        // An approved plan: the rest of the turn runs as under "ask".
        ...(signal.kind === "plan" ? { switchToMode: "ask" as const } : {}),
      };
      this.allow.push(...parseRules(row.rememberedRules));
    } else {
      answer = { behavior: "deny", message: row.message || DENIED[signal.kind] };
    }
    this.deps.write(this.deps.protocol.answer(signal, answer));
    this.audit("decided", row.id, signal, waiting.summary, {
      status: row.status,
      scope: row.scope,
      decidedBy: row.decidedBy,
      message: row.message,
      rules: row.rememberedRules,
    });
  }

  /** The turn ended: what nobody decided is cancelled (the run was) or expired. */
  async settle(status: "cancelled" | "expired"): Promise<void> {
    const ids = [...this.waiting.keys()];
    for (const id of ids) {
      const waiting = this.waiting.get(id);
      if (waiting?.timer) clearTimeout(waiting.timer);
      this.deps.registry.delete(id);
    }
    this.waiting.clear();
    if (ids.length === 0) return;
    const message = status === "cancelled" ? "The run was cancelled before anyone decided." : "The turn ended before anyone decided.";
    await settlePendingApprovals([this.deps.execution.id], status, message);
  }

  /** Decisions whose NOTIFY this runner may have missed (a reconnect): checked by the heartbeat. */
  async recheck(): Promise<void> {
    await Promise.all([...this.waiting.keys()].map((id) => this.decided(id)));
  }

  private async handle(signal: ApprovalSignal): Promise<void> {
    // What a person is shown: the plan from its tool call when the request carries none.
    const fromCall = signal.toolUseId ? this.toolInputs.get(signal.toolUseId) : undefined;
    const shownInput = isEmpty(signal.input) && fromCall !== undefined ? fromCall : signal.input;
    const summary = summarizeApproval(signal.kind, signal.toolName, shownInput);
    if (signal.kind === "tool") {
      const subject = signal.subject ?? subjectOf(signal.toolName, shownInput);
      const denied = firstMatch(this.deny, subject);
      const allowed = denied ? null : firstMatch(this.allow, subject);
      const rule = denied ?? allowed;
      if (rule) {
        const answer: ApprovalAnswer = denied
          ? { behavior: "deny", message: `Refused by the rule ${rule.text}.` }
          : { behavior: "allow", updatedInput: signal.input };
        this.deps.write(this.deps.protocol.answer(signal, answer));
        this.audit("decided", null, signal, summary, { status: denied ? "denied" : "allowed", decidedBy: `rule ${rule.text}` });
        return;
      }
    }
    const { execution } = this.deps;
    const row = await recordApprovalRequest({
      executionId: execution.id,
      issueId: execution.issueId,
      projectId: execution.projectId,
      agent: execution.agent,
      agentSessionId: this.deps.sessionId(),
      runnerId: this.deps.runnerId,
      requestId: signal.requestId,
      toolUseId: signal.toolUseId,
      kind: signal.kind,
      toolName: signal.toolName,
      input: (shownInput ?? {}) as Prisma.InputJsonValue,
      summary,
      reason: signal.reason,
      suggestedRules: signal.suggestedRules,
    });
    // The CLI's own wait limit (Qwen Code refuses the tool itself after it): the approval expires first, saying so.
    const timeoutMs = minOf(this.deps.timeoutMs, this.deps.protocol.maxWaitMs ?? null);
    const timer = timeoutMs === null ? null : setTimeout(() => void this.expire(row.id, timeoutMs), timeoutMs);
    timer?.unref();
    this.waiting.set(row.id, { signal, shownInput, summary, timer });
    this.deps.registry.set(row.id, this);
    this.audit("requested", row.id, signal, summary, { status: "pending", detail: approvalDetail(signal.kind, shownInput) });
    this.deps.webhook({
      type: "approval.requested",
      approval: { id: row.id, kind: signal.kind, tool: signal.toolName, summary },
      execution: { id: execution.id, issueId: execution.issueId, agent: execution.agent },
      path: `/executions/${execution.id}`,
    });
    // Decided between the commit and now (its NOTIFY found no turn yet): answer it.
    await this.decided(row.id);
  }

  private async expire(approvalId: string, timeoutMs: number): Promise<void> {
    const minutes = Math.round(timeoutMs / 60_000);
    const waited = minutes >= 1 ? `${minutes} min` : `${Math.round(timeoutMs / 1000)} s`;
    const why = timeoutMs === this.deps.timeoutMs ? "ARBOR_APPROVAL_TIMEOUT" : "the agent's own wait limit";
    const message = `No one decided within ${waited} (${why}), so this was not allowed.`;
    if (await expireApproval(approvalId, this.deps.execution.id, message).catch(() => false)) await this.decided(approvalId);
  }

  private audit(phase: "requested" | "decided", approvalId: string | null, signal: ApprovalSignal, summary: string, data: Record<string, unknown>): void {
    const searchText = [summary, signal.toolName, data.decidedBy, data.message, data.status].filter((v) => typeof v === "string" && v).join(" ");
    this.deps.note("approval", { phase, approvalId, kind: signal.kind, tool: signal.toolName, summary, ...data }, searchText);
  }
}

/** What the agent is told when a person says no without a message. */
const DENIED: Record<ApprovalSignal["kind"], string> = {
  tool: "A person denied this tool call.",
  question: "The person did not answer.",
  plan: "The person sent the plan back: revise it.",
};

function minOf(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "object" && Object.keys(value as object).length === 0);
}
