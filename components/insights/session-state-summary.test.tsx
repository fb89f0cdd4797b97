import { render, screen } from "@testing-library/react";
import { SessionStateSummary } from "@/components/insights/session-state-summary";
import { makeInsights } from "@/test/support/insights-fixtures";

describe("the session state Arbor keeps", () => {
  it("shows what is stored and the turns that resumed from it", () => {
    const { container } = render(<SessionStateSummary data={makeInsights()} />);
    expect(container.querySelector("[data-slot=session-state-total]")).toHaveTextContent(
      "900 KiB stored for 3 sessions (7 versions, 4.0 MiB as files) · 2 turns resumed from Arbor's copy in this range",
    );
  });

  it("says what it is for when nothing is kept yet", () => {
    const data = makeInsights();
    render(<SessionStateSummary data={{ ...data, sessionState: { sessions: 0, versions: 0, latestBytes: 0, storedBytes: 0, restoredTurns: 0 } }} />);
    expect(screen.getByText(/No session state kept yet/)).toBeInTheDocument();
  });
});
