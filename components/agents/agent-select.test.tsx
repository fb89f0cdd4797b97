import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { AgentSelect } from "@/components/agents/agent-select";
import { seedAgents } from "@/test/support/agent-fixtures";

function Picker({ initial }: { initial: string }) {
  const [agent, setAgent] = useState(initial);
  return <AgentSelect id="agent" value={agent} onChange={setAgent} />;
}

function renderPicker(initial: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedAgents(client);
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
