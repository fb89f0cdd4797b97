import type { ToolCallSubject } from "@/lib/permissions/rules";
import type { PermissionMode } from "@/lib/permissions/constants";

// What a driver does with Arbor's permission policy (lib/permissions/), and
// the live approval channel of agents that can ask a person (server/runner/approvals/).

/** What an agent's driver can do with a permission policy (LaunchRequest.permissions). */
export interface AgentPermissions {
  /** The modes it can honour; a run asking for another is refused before it is queued (4xx naming both). */
  modes: readonly PermissionMode[];
  /** The mode of a run whose run and project set none. */
  defaultMode: PermissionMode;
  /** Whether allow/deny rules reach the CLI ("mapped": translated to its own flags or config) or are refused. */
  rules: "native" | "mapped" | "none";
  /**
   * A live approval channel on the process's stdin/stdout: the CLI asks before
   * a tool call and waits for the answer (Claude Code: --permission-prompt-tool
   * stdio). Needs the process's stdin open (a streamInput launch).
   */
  approvals?: ApprovalProtocol;
  /** One or two sentences on how the policy reaches the CLI (shown by `arbor agents` and in docs). */
  note: string;
  /** The CLI refuses "trusted" when run as root unless told the machine is a sandbox (Claude Code: IS_SANDBOX=1). */
  refusesTrustedAsRoot?: boolean;
}

/** One request for a person's decision, as the agent's stream put it. */
export interface ApprovalSignal {
  /** The agent's id for the request: the answer names it. */
  requestId: string;
  /** "tool": may it run this; "question": it asks the person (AskUserQuestion); "plan": it proposes a plan (ExitPlanMode). */
  kind: "tool" | "question" | "plan";
  toolName: string;
  /** The tool's input as the agent sent it (inert data: shown as text, never as HTML). */
  input: unknown;
  /** The tool call it is about, when the agent names it (its tool_use id). */
  toolUseId: string | null;
  /** Rules the agent suggests to remember the decision by, in Arbor's rule syntax (lib/permissions/rules.ts). */
  suggestedRules: string[];
  /** Why the agent asks ("This command requires approval"), when it says. */
  reason: string | null;
  /**
   * The call in Arbor's rule vocabulary ({ tool: "Bash", argument: "npm test" }),
   * for matching session and project rules, when the agent's tool names are
   * not Claude Code's (Qwen Code: run_shell_command). Absent: toolName and its input.
   */
  subject?: ToolCallSubject;
}

export type ApprovalAnswer =
  | {
      behavior: "allow";
      /** The tool input to run with (the agent's own, or with the person's answers added for a question). */
      updatedInput: unknown;
      /** Rules the running process should remember for the rest of its life (scope session/project). */
      rememberRules?: string[];
      /** A plan was approved: the mode the rest of the turn runs in. */
      switchToMode?: PermissionMode;
    }
  | { behavior: "deny"; message: string };

/** Pure: reads approval requests from stdout lines and writes answers for stdin. */
export interface ApprovalProtocol {
  /** Called on every stdout line: must be cheap for lines that are not requests. */
  parse(line: string): ApprovalSignal | null;
  /** The stdin line (with its newline) that answers the request. */
  answer(request: ApprovalSignal, answer: ApprovalAnswer): string;
  /**
   * The stdin line (with its newline) that opens the channel, written before
   * the first user message (Qwen Code asks nothing without it: the tool call
   * just waits). Absent: none is needed.
   */
  initialize?(requestId: string): string;
  /**
   * How long the CLI waits for an answer before it refuses the tool itself
   * (Qwen Code: 600 000 ms at most): a later decision cannot reach it, so the
   * approval expires then. Absent: it waits as long as the process lives.
   */
  maxWaitMs?: number;
}
