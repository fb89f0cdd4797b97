import type { LogEntry } from "@/lib/executions/log-entries";
import { getAgentDefinition } from "@/server/agents/registry";
import { approvalDetail } from "@/lib/approvals/describe";

// Maps any stored execution event to log entries, whichever stream it came
// from: the agent's stdout (the agent's own normalizer), its stderr, or
// Arbor's own notes about the run ("arbor": error, warning, launch, setup, …).

export interface StoredEvent {
  stream: string;
  kind: string;
  payload: unknown;
}

export function normalizeStoredEvent(agentId: string, event: StoredEvent): LogEntry[] {
  const payload = typeof event.payload === "object" && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
  switch (event.stream) {
    case "stderr":
      return typeof payload.text === "string" && payload.text !== "" ? [{ type: "stderr", text: payload.text }] : [];
    case "arbor":
      if ((event.kind === "error" || event.kind === "warning") && typeof payload.message === "string") {
        return [{ type: "error", message: payload.message, severity: event.kind }];
      }
      if (event.kind === "approval") return approvalEntry(payload);
      if (event.kind === "setup") return setupEntry(payload);
      return [];
    case "stdout": {
      const agent = getAgentDefinition(agentId);
      if (agent) return agent.normalize({ kind: event.kind, payload: event.payload });
      return [{ type: "unparsed", raw: safeStringify(event.payload) }];
    }
    default:
      return [];
  }
}

/**
 * A new worktree made ready (server/runner/workspace/ready-worktree.ts): a
 * line the setup script printed ({ stream, text }: stdout as plain output,
 * stderr as stderr), or Arbor's own line about it ({ message }: a copied
 * file, the script starting or finishing).
 */
function setupEntry(payload: Record<string, unknown>): LogEntry[] {
  if (typeof payload.message === "string") return [{ type: "text", text: payload.message }];
  if (typeof payload.text !== "string") return [];
  return payload.stream === "stderr" ? [{ type: "stderr", text: payload.text }] : [{ type: "text", text: payload.text }];
}

const APPROVAL_KINDS = ["tool", "question", "plan"] as const;
const APPROVAL_STATUSES = ["pending", "allowed", "denied", "cancelled", "expired"] as const;

/** An approval note the runner wrote (server/runner/approvals/), read defensively like any stored payload. */
function approvalEntry(payload: Record<string, unknown>): LogEntry[] {
  const kind = APPROVAL_KINDS.find((k) => k === payload.kind);
  const status = APPROVAL_STATUSES.find((s) => s === payload.status);
  if (!kind || !status || typeof payload.summary !== "string") return [];
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return [
    {
      type: "approval",
      approvalId: text(payload.approvalId),
      phase: payload.phase === "decided" ? "decided" : "requested",
      kind,
      tool: text(payload.tool) ?? "",
      summary: payload.summary,
      status,
      scope: text(payload.scope),
      decidedBy: text(payload.decidedBy),
      message: text(payload.message),
      rules: Array.isArray(payload.rules) ? payload.rules.filter((r): r is string => typeof r === "string") : [],
      detail: approvalDetail(kind, payload.detail),
    },
  ];
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
