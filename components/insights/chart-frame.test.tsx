import { render, screen } from "@testing-library/react";
import { ChartFrame } from "@/components/insights/chart-frame";

describe("ChartFrame", () => {
  it("shows a labelled skeleton while loading, not the chart", () => {
    render(
      <ChartFrame title="Tokens over time" state={{ loading: true }}>
        <p>chart</p>
      </ChartFrame>,
    );
    expect(screen.getByRole("region", { name: "Tokens over time" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading tokens over time…");
    expect(screen.queryByText("chart")).not.toBeInTheDocument();
  });

  it("shows the error instead of the chart", () => {
    render(
      <ChartFrame title="Failure reasons" state={{ error: "The server answered 500", loading: true }}>
        <p>chart</p>
      </ChartFrame>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Could not load this chartThe server answered 500");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByText("chart")).not.toBeInTheDocument();
  });

  it("says why there is nothing to draw instead of drawing zeros", () => {
    const { container } = render(
      <ChartFrame title="What works" state={{ empty: "Nothing judged here yet." }}>
        <p>chart</p>
      </ChartFrame>,
    );
    expect(container.querySelector('[data-slot="chart-empty"]')).toHaveTextContent("Nothing judged here yet.");
    expect(screen.queryByText("chart")).not.toBeInTheDocument();
  });

  it("draws the chart when there is data", () => {
    render(
      <ChartFrame title="Outcomes" description="worked or not" actions={<button type="button">by agent</button>}>
        <p>chart</p>
      </ChartFrame>,
    );
    expect(screen.getByText("chart")).toBeInTheDocument();
    expect(screen.getByText("worked or not")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "by agent" })).toBeInTheDocument();
  });
});
