import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DangerZone } from "@/components/ui/danger-zone";

function zone(overrides: Partial<Parameters<typeof DangerZone>[0]> = {}) {
  const props = {
    title: "Delete this spec",
    explanation: "Issues are never deleted with their spec.",
    openLabel: "Delete spec…",
    question: "Delete SPEC-1? This cannot be undone.",
    confirmLabel: "Delete spec",
    pending: false,
    onConfirm: jest.fn(),
    onCancel: jest.fn(),
    ...overrides,
  };
  return { props, ...render(<DangerZone {...props} />) };
}

describe("DangerZone", () => {
  it("asks before deleting: nothing happens until the question is answered", async () => {
    const { props } = zone();
    const section = screen.getByRole("region", { name: "Delete this spec" });
    expect(section).toHaveTextContent("Issues are never deleted with their spec.");
    expect(screen.queryByText("Delete SPEC-1? This cannot be undone.")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Delete spec…" }));
    expect(screen.getByText("Delete SPEC-1? This cannot be undone.")).toBeInTheDocument();
    expect(props.onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Delete spec" }));
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
  });

  it("Cancel closes the question and tells the page (to forget a failed attempt)", async () => {
    const { props } = zone({ error: "Spec SPEC-1 is gone" });
    await userEvent.click(screen.getByRole("button", { name: "Delete spec…" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Spec SPEC-1 is gone");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Delete spec…" })).toBeInTheDocument();
  });

  it("while deleting, the confirming button says so and cannot be pressed again", async () => {
    const { rerender, props } = zone();
    await userEvent.click(screen.getByRole("button", { name: "Delete spec…" }));
    rerender(<DangerZone {...props} pending />);
    expect(screen.getByRole("button", { name: "Deleting…" })).toBeDisabled();
  });
});
