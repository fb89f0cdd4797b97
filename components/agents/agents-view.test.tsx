import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { AgentsView } from "@/components/agents/agents-view";
import { AGENT_LIST, agentStatus, seedAgents } from "@/test/support/agent-fixtures";

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedAgents(client, {
    agents: [
      agentStatus("claude", ["resume-by-id", "fork", "fork-at-message"]),
      agentStatus("codex", ["resume-by-id", "fork"], {
        needs: { variable: "OPENAI_API_KEY", message: "needs OPENAI_API_KEY (or a Codex login in its home)" },
        permissions: { modes: ["edits", "trusted"], defaultMode: "edits", rules: "mapped", asks: false, note: "edits: no shell." },
        verification: { status: "verified", version: "0.169.0", installedMatches: true },
      }),
      agentStatus("gemini", ["resume-by-id", "fork"], {
        notice: "Google retired Gemini CLI sign-in for consumer (personal Google) accounts in 2026-06; API keys (GEMINI_API_KEY) still work.",
      }),
      agentStatus("qwen", ["resume-by-id", "fork"], {
        permissions: { modes: ["ask", "edits", "trusted"], defaultMode: "ask", rules: "mapped", asks: true, note: "ask: over stdin." },
      }),
      AGENT_LIST.agents.find((agent) => agent.id === "aider")!,
    ],
    agentsFile: "/srv/arbor/arbor.agents.json",
    warnings: ["Agents file: agents.mine.binary: required"],
  });
  return render(
    <QueryClientProvider client={client}>
      <AgentsView />
    </QueryClientProvider>,
  );
}

test("says for each agent whether it is ready, what it lacks (the variable, never a value), and what it may do", () => {
  renderView();
  const list = screen.getByRole("list", { name: "Agents" });
  const row = (name: string) => within(list).getByRole("listitem", { name });

  expect(within(row("Claude Code")).getByText("Ready")).toBeInTheDocument();
  expect(within(row("Claude Code")).getByText("Continue · Fork · Fork at any turn")).toBeInTheDocument();

  expect(within(row("Codex")).getByText("needs OPENAI_API_KEY")).toBeInTheDocument();
  expect(within(row("Codex")).getByText("needs OPENAI_API_KEY (or a Codex login in its home)")).toBeInTheDocument();
  expect(within(row("Codex")).getByText(/Edit files only · Trusted \(everything allowed\)/)).toBeInTheDocument();
  expect(within(row("Codex")).getByText("Verified with 0.169.0")).toBeInTheDocument();

  expect(within(row("Gemini CLI")).getByRole("note")).toHaveTextContent(/retired .* 2026-06; API keys \(GEMINI_API_KEY\) still work/);
  expect(within(row("Qwen Code")).getByText(/Ask me · Edit files only · Trusted \(everything allowed\) — asks you before anything else/)).toBeInTheDocument();

  expect(within(row("aider")).getByText("not installed")).toBeInTheDocument();
  expect(within(row("aider")).getByText(/set AIDER_BIN/)).toBeInTheDocument();

  expect(screen.getByText("Agents file: agents.mine.binary: required")).toBeInTheDocument();
  expect(screen.getByText("/srv/arbor/arbor.agents.json")).toBeInTheDocument();
});
