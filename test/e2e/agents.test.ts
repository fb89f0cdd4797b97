/**
 * End to end in headless Chromium with a second agent: pick Codex (the real
 * CLI from devDependencies, against the Responses-API stand-in) on an issue,
 * run it, Continue it, then run Claude Code on the same issue, and see both
 * sessions in the issue's tree, each node named by its agent.
 */
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { startResponsesApi, type ResponsesApi } from "@/test/support/responses-api";
import { conversation } from "@/test/support/stand-in/model-api";
import { codexEnv } from "@/test/integration/agents/support/agent-envs";

jest.setTimeout(240_000);

// Before the suite's set-up: the app server and the runner take the environment they start with.
let codexApi: ResponsesApi;
const saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  codexApi = await startResponsesApi();
  for (const [key, value] of Object.entries(codexEnv(codexApi))) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
const suite = useAgentE2eSuite("e2e-agents");
afterAll(async () => {
  await codexApi?.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

test("pick Codex on an issue, run and continue it, and see it in the tree beside a Claude Code session", async () => {
  const { server, page } = suite;
  await page.goto(`${server.url}/issues/new`);
  await page.getByLabel("Title").fill("Try two agents");
  await page.getByRole("button", { name: /create issue/i }).click();
  await page.waitForURL(/\/issues\/ISSUE-\d+$/);

  // The picker lists the agents the server can run, with their versions.
  const picker = page.getByRole("combobox", { name: "Agent", exact: true });
  await picker.locator("option", { hasText: /^Codex \d/ }).waitFor({ state: "attached" });
  await picker.selectOption("codex");
  await page.getByLabel("Prompt", { exact: true }).fill("codex first: look around");
  await page.getByRole("button", { name: "Run agent" }).click();
  const codexId = await executionIdFromUrl(page);
  await page.getByText("Echo: codex first: look around").first().waitFor();
  await page.getByText("Completed", { exact: true }).waitFor();
  await page.locator('[data-slot="agent"][data-agent="codex"]').first().waitFor();
  const first = await waitForExecution(codexId);
  expect(first).toMatchObject({ agent: "codex", status: "completed", sessionConfirmed: true });

  // Continue: the same Codex thread, with the history.
  await page.getByLabel("Next prompt").fill("codex second: keep going");
  // The new turn's page opens once the server has recorded it.
  await page.getByRole("button", { name: "Continue Session" }).click();
  const secondId = await executionIdFromUrl(page, codexId);
  await page.getByText("Echo: codex second: keep going").first().waitFor();
  const second = await waitForExecution(secondId);
  expect(second).toMatchObject({ status: "completed", sessionId: first.sessionId, parentExecutionId: codexId });
  expect(conversation(codexApi.requests.at(-1)!).map((m) => m.text)).toEqual([
    "codex first: look around",
    "Echo: codex first: look around",
    "codex second: keep going",
  ]);
  await saveScreenshot(page, "codex-execution");

  // Claude Code on the same issue.
  await page.getByRole("link", { name: first.issueId }).first().click();
  await page.getByRole("combobox", { name: "Agent", exact: true }).selectOption("claude");
  await page.getByLabel("Prompt", { exact: true }).fill("claude: another angle");
  await page.getByRole("button", { name: "Run agent" }).click();
  const claudeId = await executionIdFromUrl(page);
  await page.getByText("Echo: claude: another angle").first().waitFor();
  expect(await waitForExecution(claudeId)).toMatchObject({ agent: "claude", status: "completed" });

  // The tree: the Codex session (two turns) and the Claude Code one, each node named by its agent.
  await page.goto(`${server.url}/issues/${first.issueId}?view=tree`);
  const graph = page.getByRole("tree", { name: `Session tree of ${first.issueId}` });
  await graph.waitFor();
  expect(await graph.getByRole("treeitem", { name: /^#[0-9a-f]{8}, Codex, / }).count()).toBe(2);
  expect(await graph.getByRole("treeitem", { name: /^#[0-9a-f]{8}, Claude Code, / }).count()).toBe(1);
  await saveScreenshot(page, "two-agents-tree");
});
