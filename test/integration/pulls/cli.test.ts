import path from "node:path";
import * as eventsRoute from "@/app/api/executions/[id]/events/route";
import * as prRoute from "@/app/api/executions/[id]/pull-request/route";
import * as pushRoute from "@/app/api/executions/[id]/push/route";
import * as executionRoute from "@/app/api/executions/[id]/route";
import { prisma } from "@/server/db";
import { git } from "@/test/support/git-repo";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { startGitHubStandIn, type GitHubStandIn } from "@/test/support/github-api";
import { useRegisteredRepo } from "@/test/support/registered-repo";
import { setEnv } from "@/test/support/route-call";
import { simulateRun } from "@/test/support/simulated-run";

// `arbor push`, `arbor pr`, `arbor pr status` and `arbor show`'s pushed line,
// against the real handlers, real git and the GitHub stand-in.

const routes: RouteTable = [
  [/^\/api\/executions\/([^/]+)$/, executionRoute],
  [/^\/api\/executions\/([^/]+)\/events$/, eventsRoute],
  [/^\/api\/executions\/([^/]+)\/push$/, pushRoute],
  [/^\/api\/executions\/([^/]+)\/pull-request$/, prRoute],
];

let gh: GitHubStandIn;
let restoreEnv: () => void;
beforeAll(async () => {
  gh = await startGitHubStandIn();
  restoreEnv = setEnv({ ARBOR_GITHUB_TOKEN: "ghp_cli_token_0123456789", ARBOR_GITHUB_API_URL: gh.url, ARBOR_PUSH_LOCAL_REMOTES: "1" });
});
afterAll(async () => {
  restoreEnv();
  await gh.close();
});
const setup = useRegisteredRepo("arbor-pulls-cli-", { "a.txt": "a\n" }, { ARBOR_WORKSPACE_ROOTS: undefined });

test("arbor push, pr, pr status and show", async () => {
  const bare = path.join(setup.repos.root, "shop.git");
  git(setup.repos.root, "init", "--quiet", "--bare", bare);
  git(setup.repo, "remote", "add", "origin", "git@github.com:acme/shop.git");
  git(setup.repo, "config", `url.${bare}.insteadOf`, "git@github.com:acme/shop.git");
  const line = await simulateRun({ project: setup.project, issueId: setup.issueId, files: { "a.txt": "b\n" } });

  const pushed = await runArbor(routes, ["push", line.id]);
  expect(pushed).toMatchObject({ code: 0, stdout: `Pushed ${line.worktreeBranch} to origin at ${line.snapshotSha!.slice(0, 12)}\n` });

  const opened = await runArbor(routes, ["pr", line.id, "--title", "Change a"]);
  expect(opened.code).toBe(0);
  expect(opened.stdout).toContain("#1 Change a");
  expect(opened.stdout).toContain(`open · ${line.worktreeBranch} → main · CI: none reported · 0 review comments`);

  gh.setCi([{ name: "lint", conclusion: "failure", output: { summary: "2 problems" } }]);
  gh.addReviewComment({ path: "a.txt", line: 1, body: "why b?" });
  await prisma.pullRequest.updateMany({ data: { lastPolledAt: null } }); // stale: read from GitHub again
  const status = await runArbor(routes, ["pr", "status", line.id]);
  expect(status.code).toBe(0);
  expect(status.stdout).toContain("CI: ✗ failing · 1 review comment");
  expect(status.stdout).toContain("✗ lint (failure): 2 problems");
  expect(status.stdout).toContain("a.txt:1 reviewer: why b?");
  expect(status.stdout).toContain(`arbor continue ${line.id} --with-review`);

  const shown = await runArbor(routes, ["show", line.id]);
  expect(shown.stdout).toMatch(new RegExp(`pushed\\s+${line.worktreeBranch} to origin at ${line.snapshotSha!.slice(0, 12)}`));
});
