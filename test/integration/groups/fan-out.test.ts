import { existsSync } from "node:fs";
import path from "node:path";
import * as fanOutRoute from "@/app/api/executions/fan-out/route";
import * as groupRoute from "@/app/api/groups/[id]/route";
import * as pickRoute from "@/app/api/groups/[id]/pick/route";
import * as cancelRoute from "@/app/api/groups/[id]/cancel/route";
import type { ExecutionDto } from "@/lib/executions/schema";
import { fanOutResponseSchema, groupSchema, pickResponseSchema, type FanOutResponse, type GroupDto, type PickResponse } from "@/lib/groups/schema";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { getInsights } from "@/server/insights/get-insights";
import { expectError, send } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { isToolResultTurn, type RecordedRequest } from "@/test/support/messages-api";
import { startResponsesApi, type ResponsesApi } from "@/test/support/responses-api";
import { conversation } from "@/test/support/stand-in/model-api";
import { setEnv } from "@/test/support/route-call";
import { StandIn } from "@/test/support/turn-script";
import { gitProject, readIn } from "@/test/support/worktree-runs";
import { codexEnv } from "@/test/integration/agents/support/agent-envs";

// Issue 26 with the real Claude Code and Codex CLIs against their stand-ins,
// real git and the runner: one prompt to three runs (Claude with two models,
// and Codex) from one base commit, compared and one picked (applied, the
// others archived); then a fan-out from an execution, where Codex gets the
// conversation as Arbor's transcript and the files from its snapshot; and
// bad input refused whole.

jest.setTimeout(240_000);

const SONNET = "claude-sonnet-4-5";
// (Claude Code maps retired model names to their successors: these two it passes as they are.)
const OPUS = "claude-opus-5-5";

const suite = useHarness();
let standIn: StandIn;
let codex: ResponsesApi;
let project: Project;
let issueId: string;
let restoreEnv: () => void = () => {};

/**
 * Each Claude member writes the model it ran with into choice.txt, so its worktree shows which one it was
 * (the command's output names the prompt, so the tool result's turn is this rule's too).
 */
function writesItsModel(request: RecordedRequest) {
  if (isToolResultTurn(request)) return { kind: "text" as const, text: `Chose ${request.model}.` };
  return {
    kind: "tool_use" as const,
    calls: [{ name: "Bash", input: { command: `printf '%s\\n' '${request.model}' > choice.txt && echo 'pick a color: chosen'`, description: "Choose" } }],
  };
}

beforeAll(async () => {
  const { h } = suite;
  codex = await startResponsesApi();
  // The runner gives agents the environment it started with; route handlers read process.env.
  restoreEnv = setEnv(codexEnv(codex));
  standIn = new StandIn(h.api);
  standIn.on("pick a color", writesItsModel);
  // A model the vendor does not have: its API refuses it, as Anthropic's does.
  standIn.on("refused model", (request) =>
    request.model === "no-such-model" ? { kind: "http_error", status: 404, message: "model: no-such-model" } : { kind: "text", text: "Fine." },
  );
  await h.startRunner({ runnerId: "fan-out-runner" });
  project = await gitProject(h.projects, "app", { "README.md": "# app\n" });
  issueId = (await makeIssue({ title: "Colors", projectId: project.id })).id;
});

afterAll(async () => {
  await codex?.close();
  restoreEnv();
});

const fanOut = (body: unknown) => send<FanOutResponse>(fanOutRoute.POST, { body, path: "/api/executions/fan-out" });
const getGroup = (id: string) => send<GroupDto>(groupRoute.GET, { id, path: `/api/groups/${id}` });
const pick = (id: string, body: unknown) => send<PickResponse>(pickRoute.POST, { id, body, path: `/api/groups/${id}/pick` });
const cancel = (id: string) => send<{ group: GroupDto; cancelled: string[] }>(cancelRoute.POST, { id, method: "POST", path: `/api/groups/${id}/cancel` });
const ended = (executions: ExecutionDto[]) => Promise.all(executions.map((e) => waitForEnd(e.id, 120_000)));

let picked: ExecutionDto;

test("one prompt to Claude with two models and to Codex: one base commit, a worktree each, compared, one picked and applied, the others archived", async () => {
  const base = git(project.path, "rev-parse", "main");
  const created = await fanOut({
    issueId,
    prompt: "pick a color",
    runs: [{ agent: "claude", model: SONNET }, { agent: "claude", model: OPUS }, { agent: "codex" }],
  });
  expect(created.status).toBe(201);
  // The answers are what lib/groups/schema.ts says, nothing dropped.
  expect(fanOutResponseSchema.parse(created.body)).toEqual(created.body);
  const { group } = created.body;
  expect(group).toMatchObject({ id: expect.stringMatching(/^GRP-\d+$/), issueId, prompt: "pick a color", sourceExecutionId: null, startSha: base });
  expect(created.body.executions.map((e) => [e.agent, e.model, e.groupId])).toEqual([
    ["claude", SONNET, group.id],
    ["claude", OPUS, group.id],
    ["codex", null, group.id],
  ]);

  const done = await ended(created.body.executions);
  for (const member of done) expect(member).toMatchObject({ status: "completed", error: null });
  // Three lines of work from one commit.
  expect(new Set(done.map((e) => e.worktree!.path)).size).toBe(3);
  expect(done.map((e) => e.worktree!.startSha)).toEqual([base, base, base]);
  // Each Claude member ran with its model (the CLI sent it to the API) and wrote it; Codex answered its own stand-in.
  const models = suite.h.api.requests.filter((r) => JSON.stringify(r.body).includes("pick a color")).map((r) => r.model);
  expect(new Set(models)).toEqual(new Set([SONNET, OPUS]));
  expect(readIn(done[0].worktree!.path, "choice.txt")).toBe(`${SONNET}\n`);
  expect(readIn(done[1].worktree!.path, "choice.txt")).toBe(`${OPUS}\n`);
  expect(codex.requests.some((r) => conversation(r).some((m) => m.role === "user" && m.text.includes("pick a color")))).toBe(true);

  // Side by side: each member's final answer and times.
  const compared = (await getGroup(group.id)).body;
  expect(groupSchema.parse(compared)).toEqual(compared);
  expect(compared.members.map((m) => m.finalAnswer)).toEqual([`Chose ${SONNET}.`, `Chose ${OPUS}.`, expect.stringContaining("pick a color")]);
  for (const m of compared.members) {
    expect(m.totalMs).toBeGreaterThan(0);
    expect(m.timeToFirstOutputMs).toBeGreaterThan(0);
    expect(m.execution.worktree!.changes).toEqual({ files: expect.any(Number), additions: expect.any(Number), deletions: expect.any(Number) });
  }

  // Pick Opus: applied to main, the others' sessions archived and worktrees removed, their branches kept.
  const [sonnet, opus, codexRun] = done;
  const kept = await pick(group.id, { executionId: opus.id, apply: true, archiveOthers: true });
  expect(kept.status).toBe(200);
  expect(pickResponseSchema.parse(kept.body)).toEqual(kept.body);
  expect(kept.body.applied).toMatchObject({ branch: "main" });
  expect(git(project.path, "show", "main:choice.txt")).toBe(OPUS);
  expect(kept.body.archived.sort()).toEqual([sonnet.id, codexRun.id].sort());
  expect(kept.body.group).toMatchObject({ pickedExecutionId: opus.id });
  for (const other of [sonnet, codexRun]) {
    expect(existsSync(other.worktree!.path)).toBe(false);
    expect(git(project.path, "branch", "--list", other.worktree!.branch!)).toContain(other.worktree!.branch!);
    expect((await api.get(other.id)).body.worktree!.state).toBe("removed");
  }
  expect(existsSync(opus.worktree!.path)).toBe(true);
  const sessions = await prisma.session.findMany({ where: { id: { in: [sonnet.managedSessionId!, codexRun.managedSessionId!, opus.managedSessionId!] } } });
  expect(Object.fromEntries(sessions.map((s) => [s.id, s.archived]))).toEqual({
    [sonnet.managedSessionId!]: true,
    [codexRun.managedSessionId!]: true,
    [opus.managedSessionId!]: false,
  });
  picked = opus;

  // Insights: which agent and model won the decided group.
  const insights = await getInsights({ since: "all" });
  if (!insights.ok) throw new Error(insights.error.message);
  expect(insights.value.groupWins).toMatchObject({ groups: 1, decided: 1 });
  expect(insights.value.groupWins.byAgentModel).toEqual(
    expect.arrayContaining([
      { agent: "claude", model: OPUS, members: 1, wins: 1, winRate: 1 },
      { agent: "claude", model: SONNET, members: 1, wins: 0, winRate: 0 },
    ]),
  );
});

test("a fan-out from an execution: Claude forks natively, Codex gets the conversation as Arbor's transcript and the files of the snapshot", async () => {
  const source = (await api.get(picked.id)).body;
  const before = codex.requests.length;
  const created = await fanOut({ fromExecutionId: source.id, prompt: "pick a color again", runs: [{ agent: "claude" }, { agent: "codex" }] });
  expect(created.status).toBe(201);
  expect(created.body.group).toMatchObject({ sourceExecutionId: source.id, startSha: source.worktree!.snapshotSha });
  const [claudeFork, codexFork] = await ended(created.body.executions);
  // Claude keeps the source's model; its fork resumes the session natively.
  expect(claudeFork).toMatchObject({ status: "completed", agent: "claude", model: OPUS, forkedFromExecutionId: source.id });
  expect(claudeFork.resume).toMatchObject({ decision: "fork" });
  expect(codexFork).toMatchObject({ status: "completed", agent: "codex", model: null, forkedFromExecutionId: source.id });
  expect(codexFork.resume).toMatchObject({ decision: "fresh_with_transcript", reason: "other_agent" });
  // Codex saw the earlier turn (Arbor's transcript) and works on the source's files.
  const seen = JSON.stringify(codex.requests.slice(before).map((r) => r.body));
  expect(seen).toContain("pick a color");
  expect(seen).toContain(`Chose ${OPUS}.`);
  for (const fork of [claudeFork, codexFork]) {
    expect(fork.worktree!.startSha).toBe(source.worktree!.snapshotSha);
    expect(readIn(fork.worktree!.path, "choice.txt")).toBe(`${OPUS}\n`);
  }
  expect(path.resolve(claudeFork.worktree!.path)).not.toBe(path.resolve(codexFork.worktree!.path));

  // One fork with another agent, alone: the same hand-over.
  const handed = await api.followUp("fork", source.id, { prompt: "your turn, codex", agent: "codex" });
  expect(handed.status).toBe(201);
  expect(await waitForEnd(handed.body.id, 120_000)).toMatchObject({ status: "completed", agent: "codex", resume: { reason: "other_agent" } });
  // A Continue stays with its session's agent.
  const refused = await api.followUp("continue", source.id, { prompt: "go on", agent: "codex" });
  expect(refused.status).toBe(422);
});

test("bad input is refused whole, naming the member; cancel stops every member", async () => {
  const executions = await prisma.execution.count();
  const groups = await prisma.executionGroup.count();
  const unknown = await fanOut({ issueId, prompt: "x", runs: [{ agent: "claude" }, { agent: "nope" }] });
  expect(unknown.status).toBe(422);
  expect(expectError(unknown).message).toMatch(/^runs\[1\] \(nope\): .*unknown agent "nope"/);
  const noModels = await fanOut({ issueId, prompt: "x", runs: [{ agent: "claude" }, { agent: "command", model: "big" }] });
  expect(noModels.status).toBe(422);
  expect(expectError(noModels).message).toMatch(/runs\[1\] \(command:big\)/);
  const tooMany = await fanOut({ issueId, prompt: "x", runs: Array.from({ length: 9 }, () => ({ agent: "claude" })) });
  expect(tooMany.status).toBe(422);
  expect(expectError(tooMany).message).toBe("runs: at most 8 runs at once");
  const both = await fanOut({ issueId, fromExecutionId: picked.id, prompt: "x", runs: [{ agent: "claude" }, { agent: "claude" }] });
  expect(both.status).toBe(422);
  const badModel = await fanOut({ issueId, prompt: "x", runs: [{ agent: "claude", model: "--dangerously-skip-permissions" }, { agent: "claude" }] });
  expect(badModel.status).toBe(422);
  expect(await prisma.execution.count()).toBe(executions);
  expect(await prisma.executionGroup.count()).toBe(groups);

  // A model the agent's API refuses fails that member alone, with the CLI's words; the others run on.
  const mixed = await fanOut({ issueId, prompt: "refused model", runs: [{ agent: "claude", model: "no-such-model" }, { agent: "claude" }] });
  expect(mixed.status).toBe(201);
  const [refusedRun, fine] = await ended(mixed.body.executions);
  expect(refusedRun.status).toBe("failed");
  expect(refusedRun.error?.message).toMatch(/no-such-model/);
  expect(fine).toMatchObject({ status: "completed" });

  const held = standIn.hold("wait here");
  const created = await fanOut({ issueId, prompt: "wait here", runs: [{ agent: "claude" }, { agent: "claude" }] });
  expect(created.status).toBe(201);
  await held.arrived;
  const cancelled = await cancel(created.body.group.id);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.cancelled).toHaveLength(2);
  held.release();
  const statuses = (await ended(created.body.executions)).map((e) => e.status);
  expect(statuses).toEqual(["cancelled", "cancelled"]);
  expect((await getGroup("GRP-999999")).status).toBe(404);
});
