import type { ExecutionDto } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { makeIssue } from "@/test/support/factories";
import { conversation } from "@/test/support/messages-api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { deferred } from "@/test/support/wait";
import { useRunningHarness } from "@/test/support/executions-harness";

// Twenty Continues of one execution, sent at the same instant. Each request's
// body is held back by one byte until all twenty handlers are waiting for
// it, then every last byte is released at once, so the requests race through
// the head check and the insert together. Whatever order they end up in, the
// recorded tree must be the conversation each agent actually saw: the turns
// along its recorded lineage, and none of the others.

jest.setTimeout(300_000);

const suite = useRunningHarness();
const COUNT = 20;

/** A Continue request whose body stops one byte short until `gate` opens; `waiting` resolves once the handler is reading that last byte. */
function heldContinue(id: string, prompt: string, gate: Promise<void>) {
  const bytes = new TextEncoder().encode(JSON.stringify({ prompt }));
  const waiting = deferred();
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      pulls += 1;
      if (pulls === 1) return controller.enqueue(bytes.slice(0, -1));
      waiting.resolve();
      await gate;
      controller.enqueue(bytes.slice(-1));
      controller.close();
    },
  });
  const request = new Request(`http://127.0.0.1:3000/api/executions/${id}/continue`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  const response = api.routes.continueRoute(request, { params: Promise.resolve({ id }) });
  return { waiting: waiting.promise, response };
}

test("twenty Continues released at once: the recorded tree is what each agent saw", async () => {
  const issueId = (await makeIssue()).id;
  const root = await waitForEnd((await api.create({ issueId, prompt: "root turn zulu" })).body.id);
  expect(root.status).toBe("completed");

  const gate = deferred();
  const prompts = Array.from({ length: COUNT }, (_, i) => `concurrent turn ${i} of ${COUNT}`);
  const held = prompts.map((prompt) => heldContinue(root.id, prompt, gate.promise));
  await Promise.all(held.map((h) => h.waiting));
  gate.resolve();
  const responses = await Promise.all(held.map((h) => h.response));
  const created = await Promise.all(
    responses.map(async (response) => {
      const body = (await response.json()) as ExecutionDto;
      expect({ status: response.status, body }).toMatchObject({ status: 201 });
      return body;
    }),
  );

  const ended = await Promise.all(created.map((e) => waitForEnd(e.id, 240_000)));
  for (const e of ended) expect({ id: e.id, status: e.status, error: e.error }).toEqual({ id: e.id, status: "completed", error: null });

  // The recorded lineage of each: its ancestors' prompts, root first.
  const rows = await prisma.execution.findMany({ where: { issueId } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lineage = (id: string): string[] => {
    const row = byId.get(id)!;
    const parent = row.parentExecutionId ?? row.forkedFromExecutionId;
    return [...(parent ? lineage(parent) : []), row.prompt];
  };

  for (const [i, prompt] of prompts.entries()) {
    const expected = lineage(created[i].id);
    const seen = conversation(suite.standIn.requestFor(prompt))
      .filter((m) => m.role === "user")
      .map((m) => m.text);
    const askedBefore = [...prompts, root.prompt].filter((p) => seen.some((text) => text.includes(p)));
    // Exactly the prompts of its lineage reached the model, and nothing else.
    expect({ prompt, saw: askedBefore.sort() }).toEqual({ prompt, saw: [...expected].sort() });
  }

  // Only one of them can be the session's next turn; the others ran in
  // sessions branched from the root's last message (Continue on a turn the
  // session has moved past is a fork of it).
  const continues = created.filter((e) => e.parentExecutionId === root.id);
  expect(continues).toHaveLength(1);
  expect(created.filter((e) => e.forkedFromExecutionId === root.id)).toHaveLength(COUNT - 1);
});
