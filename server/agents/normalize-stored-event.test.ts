import fc from "fast-check";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";

describe("normalizeStoredEvent", () => {
  it("uses the agent's normalizer for stdout events", () => {
    expect(
      normalizeStoredEvent("claude", {
        stream: "stdout",
        kind: "assistant",
        payload: { type: "assistant", message: { content: [{ type: "text", text: "hi" }] } },
      }),
    ).toEqual([{ type: "assistant_text", text: "hi" }]);
    expect(normalizeStoredEvent("command", { stream: "stdout", kind: "text", payload: { text: "out" } })).toEqual([{ type: "text", text: "out" }]);
  });

  it("shows stderr and Arbor's own notes", () => {
    expect(normalizeStoredEvent("claude", { stream: "stderr", kind: "stderr", payload: { text: "boom\n" } })).toEqual([{ type: "stderr", text: "boom\n" }]);
    expect(normalizeStoredEvent("claude", { stream: "arbor", kind: "error", payload: { message: "no binary" } })).toEqual([
      { type: "error", message: "no binary", severity: "error" },
    ]);
    expect(normalizeStoredEvent("claude", { stream: "arbor", kind: "warning", payload: { message: "odd id" } })).toEqual([
      { type: "error", message: "odd id", severity: "warning" },
    ]);
    expect(normalizeStoredEvent("claude", { stream: "arbor", kind: "launch", payload: { argv: ["claude"] } })).toEqual([]);
  });

  it("shows a new worktree's setup: Arbor's lines and the script's output", () => {
    const setup = (payload: unknown) => normalizeStoredEvent("claude", { stream: "arbor", kind: "setup", payload });
    expect(setup({ message: "Copied .env from the main checkout" })).toEqual([{ type: "text", text: "Copied .env from the main checkout" }]);
    expect(setup({ stream: "stdout", text: "added 12 packages" })).toEqual([{ type: "text", text: "added 12 packages" }]);
    expect(setup({ stream: "stderr", text: "npm WARN deprecated" })).toEqual([{ type: "stderr", text: "npm WARN deprecated" }]);
    expect(setup({ stream: "stdout" })).toEqual([]);
  });

  it("shows an unknown agent's output raw", () => {
    expect(normalizeStoredEvent("retired-agent", { stream: "stdout", kind: "x", payload: { a: 1 } })).toEqual([{ type: "unparsed", raw: '{"a":1}' }]);
  });

  it("never throws (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("claude", "command", "nope"),
        fc.constantFrom("stdout", "stderr", "arbor", "x"),
        fc.string(),
        fc.anything(),
        (agent, stream, kind, payload) => {
          expect(Array.isArray(normalizeStoredEvent(agent, { stream, kind, payload }))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
