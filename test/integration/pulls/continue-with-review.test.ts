import * as prRoute from "@/app/api/executions/[id]/pull-request/route";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { startGitHubStandIn, type GitHubStandIn } from "@/test/support/github-api";
import { isToolResultTurn, lastUserText } from "@/test/support/messages-api";
import { callRoute, setEnv } from "@/test/support/route-call";
import { bashTurn, gitProject, readIn } from "@/test/support/worktree-runs";
import path from "node:path";

// Issue 25's loop with the real Claude CLI, real git and the GitHub stand-in:
// a turn writes a file, its line is pushed and a pull request opened from
// Arbor, a reviewer comments and CI fails, and "Continue with review" sends
// the comment (file, line, text) and the failing CI to the same session,
// whose next turn acts on it in the same worktree.

jest.setTimeout(180_000);

let gh: GitHubStandIn;
let restoreEnv: () => void;

const suite = useRunningHarness({
  script: (standIn) => {
    standIn.on("write the greeting", bashTurn("printf 'helo\\n' > greeting.txt && echo wrote the greeting"));
    // The reviewer's comment reaches the agent, which fixes what it says.
    standIn.on("spelled wrong", bashTurn("printf 'hello\\n' > greeting.txt && echo fixed: spelled wrong"));
  },
});

beforeAll(async () => {
  gh = await startGitHubStandIn();
  // Read by the route handlers (this process) when the PR is opened and read back; the remote is a local bare repository.
  restoreEnv = setEnv({ ARBOR_GITHUB_TOKEN: "ghp_review_token_0123456789", ARBOR_GITHUB_API_URL: gh.url, ARBOR_PUSH_LOCAL_REMOTES: "1" });
});
afterAll(async () => {
  await gh.close();
  restoreEnv();
});

test("push, open a pull request, and continue the same session with the review comments and failing CI", async () => {
  const project = await gitProject(suite.h.projects, "greeter", { "README.md": "# greeter\n" });
  const bare = path.join(suite.h.projects, "greeter.git");
  git(suite.h.projects, "init", "--quiet", "--bare", bare);
  git(project.path, "remote", "add", "origin", "https://github.com/acme/greeter.git");
  git(project.path, "config", `url.${bare}.insteadOf`, "https://github.com/acme/greeter.git");
  const issueId = (await makeIssue({ title: "Greet", projectId: project.id })).id;

  const first = await api.create({ issueId, prompt: "write the greeting" });
  const wrote = await waitForEnd(first.body.id);
  expect(wrote).toMatchObject({ status: "completed" });

  const opened = await callRoute(prRoute.POST, { method: "POST", params: { id: wrote.id }, body: { title: "Add a greeting" } });
  expect(opened.status).toBe(201);
  expect(opened.body).toMatchObject({ number: 1, state: "open", branch: wrote.worktree!.branch });
  // The line's snapshot is on the remote under its branch.
  expect(git(bare, "rev-parse", `refs/heads/${wrote.worktree!.branch}`)).toBe(wrote.worktree!.snapshotSha);

  gh.addReviewComment({ path: "greeting.txt", line: 1, body: "hello is spelled wrong" });
  gh.setCi([{ name: "spell", conclusion: "failure", output: { summary: "1 misspelled word: helo" } }]);
  const next = await api.followUp("continue", wrote.id, { withReview: true });
  expect(next.status).toBe(201);
  expect(next.body.prompt).toContain("greeting.txt:1");
  expect(next.body.prompt).toContain("hello is spelled wrong");
  expect(next.body.prompt).toContain("1 misspelled word: helo");
  // The same session, in the same worktree.
  const fixed = await waitForEnd(next.body.id);
  expect(fixed).toMatchObject({ status: "completed", parentExecutionId: wrote.id, sessionId: wrote.sessionId, cwd: wrote.cwd });
  expect(suite.h.api.requests.some((r) => !isToolResultTurn(r) && lastUserText(r).includes("hello is spelled wrong"))).toBe(true);
  expect(readIn(fixed.worktree!.path, "greeting.txt")).toBe("hello\n");

  // Without a pull request there is nothing to carry: a 409 and no turn.
  const other = await api.create({ issueId, prompt: "write the greeting" });
  await waitForEnd(other.body.id);
  const refused = await api.followUp("continue", other.body.id, { withReview: true });
  expect(refused.status).toBe(409);
});
