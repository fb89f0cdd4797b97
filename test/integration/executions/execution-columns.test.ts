import { randomUUID } from "node:crypto";
import pg from "pg";
import { prisma } from "@/server/db";
import { Prisma, type Execution } from "@/server/generated/prisma/client";
import { executionColumns, executionFromPg } from "@/server/executions/execution-columns";
import { EXECUTION_DTO_FIELDS, type ExecutionDtoSource, toExecutionDto } from "@/server/executions/execution-dto";
import { makeIssue } from "@/test/support/factories";

// Statements written by hand return executions rows through executionColumns
// (through Prisma's $queryRaw, or node-postgres and executionFromPg):
// the row must be the one Prisma reads, field for field and type for type
// (dates, BigInt, JSON, arrays, enums), or code downstream would see another
// shape depending on who read the row.

test("a row read through executionColumns equals Prisma's read of it, every field", async () => {
  const issue = await makeIssue({ title: "Execution columns" });
  const earlier = await prisma.execution.create({ data: { id: randomUUID(), issueId: issue.id, agent: "claude", prompt: "before", cwd: "/tmp" } });
  const at = new Date("2026-03-04T05:06:07.089Z");
  const row = await prisma.execution.create({
    data: {
      id: randomUUID(),
      issueId: issue.id,
      agent: "claude",
      prompt: "a prompt",
      agentPrompt: "an expanded prompt",
      expandedReferences: ["SPEC-1", "ISSUE-2"],
      cwd: "/tmp/work",
      status: "completed",
      targetSessionId: randomUUID(),
      sessionId: randomUUID(),
      sessionConfirmed: true,
      parentExecutionId: earlier.id,
      forkedFromExecutionId: earlier.id,
      forkSessionId: randomUUID(),
      resumeAtMessageId: "msg-1",
      lastMessageId: "msg-2",
      restartedFromExecutionId: earlier.id,
      resumeDecision: "resume",
      resumeReason: "resumable",
      resumeMessage: "a message",
      forceFresh: true,
      transcriptSourceExecutionId: earlier.id,
      sessionResumed: true,
      cacheReadTokens: 11,
      cacheCreationTokens: 12,
      transcriptTokens: 13,
      runtimePath: "/usr/bin/claude",
      runtimeVersion: "2.1.330",
      pid: 4242,
      processGroupId: 4242,
      processStartTicks: BigInt("9007199254740993"),
      exitCode: 0,
      timings: { requestedAt: 1.5, insertedAt: 2.25 },
      launchKind: "warm",
      launchReason: "a reason",
      errorCode: "agent_exit",
      errorMessage: "an error",
      inputTokens: 100,
      outputTokens: 200,
      costUsd: 0.0123,
      durationMs: 321,
      numTurns: 2,
      sessionTotalInputTokens: 1000,
      sessionTotalOutputTokens: 2000,
      eventCount: 7,
      searchIndexedSeq: 5,
      idempotencyKey: randomUUID(),
      cancelRequestedAt: at,
      createdAt: at,
      startedAt: at,
      sessionCapturedAt: at,
      finishedAt: at,
      sharedDirectory: true,
      worktreePath: "/tmp/worktree",
      worktreeBranch: "arbor/ISSUE-1/abc",
      worktreeState: "present",
      startSha: "a".repeat(40),
      snapshotSha: "b".repeat(40),
      changedFiles: 3,
      linesAdded: 4,
      linesDeleted: 5,
    },
  });

  const read = await prisma.execution.findUnique({ where: { id: row.id } });
  const [raw] = await prisma.$queryRaw<Execution[]>`SELECT ${Prisma.raw(executionColumns("e"))} FROM executions e WHERE e.id = ${row.id}::uuid`;
  expect(raw).toEqual(read);
  // The runner's claim reads it through node-postgres.
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT ${executionColumns("e")} FROM executions e WHERE e.id = $1`, [row.id]);
    expect(executionFromPg(rows[0])).toEqual(read);
    // A reader that only answers DTOs (the issue page's tree summary) reads their columns alone: the same DTO.
    const lean = await client.query(`SELECT ${executionColumns("e", EXECUTION_DTO_FIELDS)} FROM executions e WHERE e.id = $1`, [row.id]);
    expect(toExecutionDto(lean.rows[0] as ExecutionDtoSource)).toEqual(toExecutionDto(read!));
    expect(Object.keys(lean.rows[0])).not.toContain("agentPrompt");
  } finally {
    await client.end();
  }
  // Not a trivial pass: every field came back, most of them set.
  expect(Object.keys(raw).sort()).toEqual(Object.keys(row).sort());
  expect(typeof raw.processStartTicks).toBe("bigint");
  expect(raw.createdAt).toBeInstanceOf(Date);
});
