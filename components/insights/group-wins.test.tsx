import { render, screen, within } from "@testing-library/react";
import { GroupWinsSummary } from "@/components/insights/group-wins";
import { makeInsights } from "@/test/support/insights-fixtures";

// Insights' fan-out panel: how many groups, how many with a pick, and which
// agent and model won how often; no groups says how to make one.

test("lists each agent and model with its members, picks and win rate", () => {
  render(<GroupWinsSummary data={makeInsights()} />);
  expect(screen.getByText(/group/, { selector: "[data-slot=group-wins-totals]" })).toHaveTextContent("3 groups, 2 with a pick");
  const table = screen.getByRole("table", { name: "How often each agent and model was picked" });
  const [, claude, codex] = within(table).getAllByRole("row");
  expect(claude).toHaveTextContent("Claude Codeclaude-sonnet-4-522100 %");
  expect(codex).toHaveTextContent("Codexits default200 %");
});

test("without groups it says how to start one", () => {
  const data = makeInsights();
  render(<GroupWinsSummary data={{ ...data, groupWins: { groups: 0, decided: 0, byAgentModel: [] } }} />);
  expect(screen.getByText(/No fan-out groups yet/)).toBeInTheDocument();
});
