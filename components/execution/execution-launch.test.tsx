import { render, screen } from "@testing-library/react";
import { LaunchFact, LaunchTimings } from "@/components/execution/execution-launch";
import { makeExecution } from "@/test/support/execution-fixtures";

// How a turn reached its agent, and where its launch's time went, on the execution page.

test("a turn on the warm process, a steered one, a pre-started one and a spawn each say how they reached the agent", () => {
  const warm = makeExecution({ launch: { kind: "warm", reason: null, pid: 4242 } });
  const { rerender } = render(<LaunchFact execution={warm} />);
  expect(screen.getByText(/Kept-ready agent \(process 4242\)/).closest("[data-slot=launch]")).toHaveTextContent(
    "the agent still running from the session's last turn took this one as its next message",
  );

  const parent = makeExecution();
  rerender(
    <LaunchFact
      execution={makeExecution({ parentExecutionId: parent.id, launch: { kind: "steer", reason: "Sent while the turn it continues ran", pid: 4242 } })}
    />,
  );
  expect(screen.getByText("Sent into the running turn").closest("[data-slot=launch]")).toHaveTextContent(
    `Sent into the running turn of #${parent.id.slice(0, 8)}, which answered it · Sent while the turn it continues ran`,
  );

  rerender(<LaunchFact execution={makeExecution({ launch: { kind: "prestarted", reason: null, pid: 5151 } })} />);
  expect(screen.getByText(/Pre-started agent \(process 5151\)/).closest("[data-slot=launch]")).toHaveTextContent(
    "launch: pre-started process. The runner had the agent started in the project's worktree, waiting for this run's prompt",
  );

  rerender(<LaunchFact execution={makeExecution({ launch: { kind: "spawn", reason: "A fork starts its own agent process", pid: 7 } })} />);
  expect(screen.getByText("Started the agent (process 7)").closest("[data-slot=launch]")).toHaveTextContent("A fork starts its own agent process");
});

test("the timing spans from the request to the session id, and their total", () => {
  const t0 = 1_700_000_000_000;
  render(
    <LaunchTimings
      execution={makeExecution({
        timings: {
          requestedAt: t0,
          insertedAt: t0 + 4,
          pickedAt: t0 + 9,
          claimedAt: t0 + 11,
          plannedAt: t0 + 12,
          spawnedAt: t0 + 12.5,
          firstLineAt: t0 + 340,
          sessionAt: t0 + 341,
        },
      })}
    />,
  );
  const timings = screen.getByText(/request → recorded/).closest("[data-slot=launch-timings]")!;
  expect(timings).toHaveTextContent("request → recorded 4.0 ms");
  expect(timings).toHaveTextContent("queue → runner 5.0 ms");
  expect(timings).toHaveTextContent("agent's first line 328 ms");
  expect(timings).toHaveTextContent("= 341 ms");
});
