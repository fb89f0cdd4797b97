import { randomUUID } from "node:crypto";
import * as conversationRoute from "@/app/api/sessions/[id]/conversation/route";
import { sessionConversationSchema } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { call, apiRequest } from "@/test/support/api";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";

// GET /api/sessions/:ref/conversation: each turn's answer, tools, files and
// mark, read from the events a runner stored (Claude Code's stream-json lines).

beforeAll(resetDb);
afterAll(async () => {
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

const assistant = (...content: unknown[]) => ({ kind: "assistant", payload: { type: "assistant", message: { content } } });
const result = (text: string) => ({ kind: "result", payload: { type: "result", subtype: "success", is_error: false, result: text } });

async function turn(issueId: string, sessionId: string, at: number, events: { kind: string; payload: unknown }[], extra: Record<string, unknown> = {}) {
  const id = randomUUID();
  await prisma.execution.create({
    data: {
      id,
      issueId,
      agent: "claude",
      prompt: `turn ${at}`,
      cwd: "/tmp",
      status: "completed",
      sessionId,
      targetSessionId: sessionId,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, at)),
      startedAt: new Date(),
      finishedAt: new Date(),
      ...extra,
    },
  });
  await prisma.executionEvent.createMany({
    data: events.map((e, i) => ({ executionId: id, seq: i + 1, stream: "stdout", kind: e.kind, payload: e.payload as object })),
  });
  return id;
}

test("each turn's answer, tools, files and mark, oldest first; 404 for an unknown session", async () => {
  const issue = await makeIssue({ title: "Build is red" });
  const agentSession = randomUUID();
  const first = await turn(issue.id, agentSession, 1, [
    assistant({ type: "text", text: "Let me look." }, { type: "tool_use", id: "t1", name: "Read", input: { file_path: "/w/package.json" } }),
    assistant({ type: "tool_use", id: "t2", name: "Bash", input: { command: "npm test" } }),
    assistant({ type: "text", text: "The config file is missing." }),
    result("The config file is missing."),
  ]);
  const sessionRef = (await ensureSessionOf(first))!;
  const second = await turn(issue.id, agentSession, 2, [assistant({ type: "text", text: "Added it; all green." })], {
    parentExecutionId: first,
    managedSessionId: sessionRef,
  });
  await prisma.executionMark.create({ data: { executionId: second, verdict: "worked", via: "web" } });

  const answer = await call(conversationRoute.GET, apiRequest("GET", `/api/sessions/${sessionRef.toLowerCase()}/conversation`), {
    id: sessionRef.toLowerCase(),
  });
  expect(answer.status).toBe(200);
  const parsed = sessionConversationSchema.parse(answer.body);
  expect(parsed).toEqual(answer.body);
  expect(parsed).toEqual({
    sessionId: sessionRef,
    turns: [
      {
        executionId: first,
        answer: "The config file is missing.",
        answerIsError: false,
        tools: [
          { tool: "Bash", count: 1 },
          { tool: "Read", count: 1 },
        ],
        files: ["/w/package.json"],
        fileCount: 1,
        errorCount: 0,
        mark: null,
      },
      { executionId: second, answer: "Added it; all green.", answerIsError: false, tools: [], files: [], fileCount: 0, errorCount: 0, mark: "worked" },
    ],
  });

  const missing = await call(conversationRoute.GET, apiRequest("GET", "/api/sessions/SESS-999/conversation"), { id: "SESS-999" });
  expect(missing.status).toBe(404);
  expect(missing.body.error.message).toBe("Session SESS-999 not found");
  const malformed = await call(conversationRoute.GET, apiRequest("GET", "/api/sessions/nope/conversation"), { id: "nope" });
  expect(malformed.status).toBe(404);
});
