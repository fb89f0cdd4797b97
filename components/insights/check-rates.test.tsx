import { render, screen, within } from "@testing-library/react";
import { CheckRatesSummary } from "@/components/insights/check-rates";
import { makeInsights } from "@/test/support/insights-fixtures";

describe("the checks' pass rates", () => {
  it("shows the overall rate and each breakdown", () => {
    const { container } = render(<CheckRatesSummary data={makeInsights()} />);
    expect(container.querySelector("[data-slot=check-rate-total]")).toHaveTextContent("75 % passed · 3 of 4 checked turns");
    const lineage = screen.getByRole("table", { name: "Check pass rate by how it started" });
    expect(within(lineage).getByRole("rowheader", { name: "Continues" })).toBeInTheDocument();
    expect(within(lineage).getByText("100 %")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Check pass rate by context" })).toBeInTheDocument();
    // No model rows: that table is left out.
    expect(screen.queryByRole("table", { name: "Check pass rate by model" })).toBeNull();
  });

  it("says how to get a check when there is none", () => {
    const data = makeInsights();
    render(
      <CheckRatesSummary data={{ ...data, checks: { checked: 0, passed: 0, passRate: null, byAgent: [], byModel: [], byLineage: [], byConsulted: [] } }} />,
    );
    expect(screen.getByText(/give a project a check/)).toBeInTheDocument();
  });
});
