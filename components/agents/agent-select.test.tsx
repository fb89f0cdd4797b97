import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { AgentSelect } from "@/components/agents/agent-select";
import { AGENT_LIST, agentStatus, seedAgents } from "@/test/support/agent-fixtures";

function Picker({ initial }: { initial: string }) {
  const [agent, setAgent] = useState(initial);
  return <AgentSelect id="agent" value={agent} onChange={setAgent} />;
}

function renderPicker(initial: string, list = AGENT_LIST) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedAgents(client, list);
  return render(
    <QueryClientProvider client={client}>
      <Picker initial={initial} />
    </QueryClientProvider>,
  );
}

test("lists every agent with its version, disables the ones that cannot run, and says what each choice means", async () => {
  const user = userEvent.setup();
  renderPicker("claude");
  const select = screen.getByRole("combobox", { name: "Agent" });
  expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
    "Claude Code 1.0.0",
    "Codex 1.0.0",
    "Copilot CLI 1.0.0",
    "aider (not installed)",
    "Command 1.0.0",
  ]);
  expect(screen.getByRole("option", { name: "aider (not installed)" })).toBeDisabled();

  await user.selectOptions(select, "copilot");
  expect(select).toHaveValue("copilot");
  expect(screen.getByText(/Copilot CLI cannot fork its sessions: a Fork starts a new session carrying Arbor's transcript/)).toBeInTheDocument();
  await user.selectOptions(select, "command");
  expect(screen.getByText(/Command has no sessions/)).toBeInTheDocument();
});

test("an agent that cannot run, chosen by the project, says why and which variable to set", () => {
  renderPicker("aider");
  expect(screen.getByRole("combobox", { name: "Agent" })).toHaveValue("aider");
  expect(screen.getByText(/aider cannot run here: .*set AIDER_BIN/)).toBeInTheDocument();
});

test("an installed agent without its key is shown as needing the variable, disabled, and says why when chosen; notices show", async () => {
  const user = userEvent.setup();
  const needs = { variable: "OPENAI_API_KEY", message: "needs OPENAI_API_KEY (or a Codex login in its home)" };
  const notice = "Google retired Gemini CLI sign-in for consumer (personal Google) accounts in 2026-06; API keys (GEMINI_API_KEY) still work.";
  renderPicker("claude", {
    ...AGENT_LIST,
    agents: [
      agentStatus("claude", ["resume-by-id", "fork"]),
      agentStatus("codex", ["resume-by-id", "fork"], { needs }),
      agentStatus("gemini", ["resume-by-id", "fork"], { notice }),
    ],
  });
  expect(screen.getByRole("option", { name: "Codex 1.0.0 (needs OPENAI_API_KEY)" })).toBeDisabled();
  expect(screen.getByRole("option", { name: "Gemini CLI 1.0.0" })).toBeEnabled();
  await user.selectOptions(screen.getByRole("combobox", { name: "Agent" }), "gemini");
  expect(screen.getByText(/retired Gemini CLI sign-in for consumer .* API keys \(GEMINI_API_KEY\) still work/)).toBeInTheDocument();
});

test("a project's default agent that lacks its key says which variable to set", () => {
  renderPicker("codex", {
    ...AGENT_LIST,
    agents: [
      agentStatus("codex", ["resume-by-id", "fork"], { needs: { variable: "OPENAI_API_KEY", message: "needs OPENAI_API_KEY (or a Codex login in its home)" } }),
    ],
  });
  expect(screen.getByText("Codex cannot run here: needs OPENAI_API_KEY (or a Codex login in its home)")).toBeInTheDocument();
});
