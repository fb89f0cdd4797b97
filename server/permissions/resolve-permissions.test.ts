import type { AgentPermissions } from "@/server/agents/types";
import { resolvePermissions, type PermissionFacts } from "@/server/permissions/resolve-permissions";

const asking: AgentPermissions = { modes: ["ask", "edits", "plan", "trusted"], defaultMode: "ask", rules: "native", note: "" };
const flagsOnly: AgentPermissions = { modes: ["edits", "trusted"], defaultMode: "edits", rules: "mapped", note: "" };
const noRules: AgentPermissions = { modes: ["edits", "trusted"], defaultMode: "edits", rules: "none", note: "" };

const facts = (over: Partial<PermissionFacts>): PermissionFacts => ({ agentName: "Agent", agent: asking, requested: null, project: null, ...over });

describe("resolvePermissions", () => {
  it.each<[string, Partial<PermissionFacts>, unknown]>([
    ["the agent's default", {}, { mode: "ask", allow: [], deny: [], source: "agent-default" }],
    [
      "the project's policy",
      { project: { mode: "edits", allow: ["Bash(npm test:*)"], deny: ["Bash(git push:*)"] } },
      { mode: "edits", allow: ["Bash(npm test:*)"], deny: ["Bash(git push:*)"], source: "project" },
    ],
    [
      "the run's mode over the project's, with the rules of both and the session's",
      {
        requested: { mode: "trusted", allow: ["Edit"] },
        project: { mode: "edits", allow: ["Bash(npm test:*)"], deny: ["Bash(git push:*)"] },
        remembered: ["Bash(ls)", "Edit"],
      },
      { mode: "trusted", allow: ["Bash(npm test:*)", "Edit", "Bash(ls)"], deny: ["Bash(git push:*)"], source: "run" },
    ],
    ["an agent without a policy, nothing asked", { agent: undefined, project: { mode: "ask", allow: [], deny: [] } }, null],
    [
      "a project's ask on an agent that cannot ask: refused instead of asked",
      { agent: flagsOnly, project: { mode: "ask", allow: [], deny: [] } },
      { mode: "edits", allow: [], deny: [], source: "project" },
    ],
  ])("%s", (_, over, expected) => {
    expect(resolvePermissions(facts(over))).toEqual({ ok: true, permissions: expected });
  });

  it.each<[string, Partial<PermissionFacts>, string]>([
    [
      "a run asking a mode the agent lacks",
      { agent: flagsOnly, requested: { mode: "ask" } },
      'cannot run in the "ask" permission mode (it can: edits, trusted)',
    ],
    ["a project's plan on an agent without plans", { agent: flagsOnly, project: { mode: "plan", allow: [], deny: [] } }, "the project's policy asks for it"],
    ["a policy for an agent that has none", { agent: undefined, requested: { mode: "edits" } }, 'run it without "permissions"'],
    ["rules for an agent that takes none", { agent: noRules, requested: { mode: "edits", deny: ["Bash"] } }, "takes no allow or deny rules"],
  ])("refuses %s, naming the agent and why", (_, over, words) => {
    const resolved = resolvePermissions(facts(over));
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.message).toContain(words);
  });
});
