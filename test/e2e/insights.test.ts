/**
 * End to end in headless Chromium with the real Claude Code CLI (against the
 * Messages-API stand-in) and a real runner: run an agent on an issue and fork
 * it → Insights shows the session-id capture and time to session id the
 * runner recorded, and no outcome yet → mark the run "worked" on its page →
 * Insights counts it → prefer the fork in the compare view → the fork
 * preference moves → mark the fork "didn't work" from the session tree's node
 * menu → Insights counts that too → a number opens the executions behind it.
 */
import type { Page } from "playwright-core";
import type { ExecutionDto } from "@/lib/executions/schema";
import { useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { lastUserText } from "@/test/support/messages-api";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-insights-runner");

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${suite.server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as T;
}

const card = (page: Page, name: string) => page.getByRole("article", { name });
const outcomeCounts = (page: Page) => page.locator('[data-slot="outcome-counts"]');

/** The drawn widths of the Outcomes chart's segments (worked, didn't work, not judged), in px. */
async function outcomeBar(page: Page): Promise<number[]> {
  const chart = page.getByRole("region", { name: "Outcomes" });
  await chart.locator(".recharts-bar-rectangle").first().waitFor();
  return chart.locator(".recharts-bar-rectangle").evaluateAll((bars) => bars.map((bar) => Math.round((bar as SVGGraphicsElement).getBBox().width)));
}

async function openInsights(page: Page, issueId: string) {
  await page.goto(`${suite.server.url}/insights?issue=${issueId}`);
  await card(page, "Session id captured").waitFor();
}

test("mark outcomes in the UI and watch Insights' numbers and charts change", async () => {
  const { harness, page } = suite;
  harness.api.setScript(async (request) => ({ kind: "text", text: `Echo: ${lastUserText(request)}` }));

  const issue = await post<{ id: string }>("/api/issues", { title: "Speed up the test suite" });
  const first = await post<ExecutionDto>("/api/executions", { issueId: issue.id, prompt: "first: profile the slow tests" });
  expect((await waitForExecution(first.id)).status).toBe("completed");
  const fork = await post<ExecutionDto>(`/api/executions/${first.id}/fork`, { prompt: "fork: parallelise instead" });
  expect((await waitForExecution(fork.id)).status).toBe("completed");

  // Insights for the issue: both runs captured their session id, timed by the runner; nothing judged yet.
  await openInsights(page, issue.id);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Insights" }).waitFor();
  await card(page, "Session id captured").getByText("100 %").waitFor();
  expect(await card(page, "Session id captured").textContent()).toContain("2 of 2 finished runs of agents with sessions");
  expect(await card(page, "Time to session id (p50 / p95)").textContent()).toMatch(/over 2 timed of 2 captures/);
  expect(await card(page, "Forks").getByText("50 %").count()).toBe(1);
  expect(await outcomeCounts(page).textContent()).toContain("0 worked0 didn't work2 not judged");
  expect(await card(page, "Session id captured").locator(".recharts-surface").count()).toBe(1); // a real chart
  const before = await outcomeBar(page);
  expect(before.filter((w) => w > 0)).toHaveLength(1); // all "not judged"
  await saveScreenshot(page, "insights-before");

  // Mark the first run "worked" on its page.
  await page.goto(`${suite.server.url}/executions/${first.id}`);
  const outcome = page.getByTestId("execution-outcome");
  await outcome.getByRole("button", { name: "Worked" }).click();
  await outcome.getByText("Counts as worked: marked so.").waitFor();
  expect(await outcome.getByRole("button", { name: "Worked" }).getAttribute("aria-pressed")).toBe("true");

  await openInsights(page, issue.id);
  await outcomeCounts(page).getByText("worked").waitFor();
  expect(await outcomeCounts(page).textContent()).toContain("1 worked0 didn't work1 not judged");
  expect(await page.getByRole("table", { name: "Success by agent" }).textContent()).toContain("100 % (1/1)");
  expect(await card(page, "Fork chosen over the original").textContent()).toContain("nothing to measure yet");
  const after = await outcomeBar(page);
  expect(after.filter((w) => w > 0)).toHaveLength(2); // the chart now has a "worked" segment, half the bar
  expect(Math.abs(after[0] - Math.max(...after))).toBeLessThanOrEqual(1);

  // Prefer the fork over the original in the compare view.
  await page.goto(`${suite.server.url}/compare?a=${first.id}&b=${fork.id}`);
  const prefer = page.getByTestId("compare-prefer");
  await prefer.getByRole("button", { name: "Prefer B" }).click();
  await prefer.getByRole("button", { name: "✓ B preferred" }).waitFor();
  await openInsights(page, issue.id);
  await card(page, "Fork chosen over the original").getByText("100 %").waitFor();
  expect(await card(page, "Fork chosen over the original").textContent()).toContain("1 of 1 branching points with a preferred line");

  // Mark the fork "didn't work" from the session tree's node menu.
  await page.goto(`${suite.server.url}/issues/${issue.id}?view=tree`);
  const graph = page.getByRole("tree", { name: `Session tree of ${issue.id}` });
  await graph.waitFor();
  await graph.getByRole("treeitem", { name: /^#[0-9a-f]{8}, Claude Code, fork,/ }).focus();
  await page.getByRole("button", { name: `Outcome of #${fork.id.slice(0, 8)} ▾` }).click();
  const menu = page.getByRole("menu", { name: `Outcome of #${fork.id.slice(0, 8)}` });
  await menu.getByRole("menuitemcheckbox", { name: "✓ Preferred fork" }).waitFor();
  await menu.getByRole("menuitemradio", { name: "Didn't work" }).click();
  await menu.waitFor({ state: "detached" });
  await saveScreenshot(page, "insights-tree-menu");

  await openInsights(page, issue.id);
  await outcomeCounts(page).getByText("didn't work").waitFor();
  expect(await outcomeCounts(page).textContent()).toContain("1 worked1 didn't work0 not judged");
  expect(await page.getByRole("table", { name: "Success by agent" }).textContent()).toContain("50 % (1/2)");
  await saveScreenshot(page, "insights-after");

  // Every number opens the executions behind it.
  await outcomeCounts(page).getByRole("link", { name: "1", exact: true }).first().click();
  await page.waitForURL(/\/executions\?/);
  await page.locator('[data-slot="executions-total"]').getByText("1 execution").waitFor();
  const listed = page.getByRole("list", { name: "Executions" });
  expect(await listed.getByRole("link", { name: new RegExp(`^#${first.id.slice(0, 8)}`) }).count()).toBe(1);
});
