import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeIssue } from "@/test/support/factories";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";

// An execution's cwd is checked against ARBOR_WORKSPACE_ROOTS when it is
// created, and again by the runner right before every spawn: a directory
// replaced since by a symlink leading out of the roots must not become the
// place an agent works in.

jest.setTimeout(90_000);

const suite = useRunningHarness();

test("a Continue whose workspace was replaced by a symlink out of the roots fails before any agent starts", async () => {
  const issueId = (await makeIssue()).id;
  const project = path.join(suite.h.workspace, "project-a");
  fs.mkdirSync(project);
  const first = await waitForEnd((await api.create({ issueId, prompt: "first turn in project", cwd: "project-a" })).body.id);
  expect(first).toMatchObject({ status: "completed", cwd: fs.realpathSync(project) });

  const outside = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-outside-"));
  try {
    fs.rmSync(project, { recursive: true });
    fs.symlinkSync(outside, project);

    const cont = await api.continue(first.id, "continue escaped project");
    expect(cont.status).toBe(201);
    const ended = await waitForEnd(cont.body.id);
    expect(ended.status).toBe("failed");
    expect(ended.error).toEqual({
      code: "cwd_outside_roots",
      message: expect.stringContaining(`now resolves to ${fs.realpathSync(outside)}, outside the allowed workspace roots`),
    });
    // No agent ran: the model never saw the prompt, and nothing was written outside.
    expect(suite.standIn.requestsFor("continue escaped project")).toHaveLength(0);
    expect(fs.readdirSync(outside)).toEqual([]);
    const events = (await api.events(cont.body.id)).body.events;
    expect(events.map((e) => e.kind)).toEqual(["error"]);
  } finally {
    fs.rmSync(project, { force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test("a workspace that was removed fails with cwd_not_found, not a spawn error", async () => {
  const issueId = (await makeIssue()).id;
  const project = path.join(suite.h.workspace, "project-b");
  fs.mkdirSync(project);
  const first = await waitForEnd((await api.create({ issueId, prompt: "first turn in b", cwd: "project-b" })).body.id);
  fs.rmSync(project, { recursive: true });
  const ended = await waitForEnd((await api.continue(first.id, "continue gone project")).body.id);
  expect(ended).toMatchObject({ status: "failed", error: { code: "cwd_not_found", message: expect.stringContaining("no longer exists") } });
  expect(suite.standIn.requestsFor("continue gone project")).toHaveLength(0);
});
