import { useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { registerRepoFromPage, saveScreenshot } from "@/test/support/browser";
import { makeIssue } from "@/test/support/factories";
import { historyText, turnText } from "@/test/support/turn-script";
import { bashTurn } from "@/test/support/worktree-runs";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-fan-out");

it("runs one prompt on two models from the run form, compares them on the group page and picks one", async () => {
  const { page, server, harness } = suite;
  const prompt = "write plan.txt your way";
  // Each model writes its own plan (one Bash command, then its answer), so the two members' files and answers differ.
  harness.api.setScript((request) => {
    const which = request.model?.includes("opus") ? "opus" : "sonnet";
    if (!historyText(request).includes(prompt)) return { kind: "text", text: "ok" };
    return bashTurn(`printf '${which} plan\\n' > plan.txt`, `Wrote the ${which} plan.`)(request);
  });

  await registerRepoFromPage(page, server.url, harness.projects, "shop");
  const issue = await makeIssue({ title: "Plan the shop", projectId: "PROJ-1" });

  // The run form: several agents, two rows of Claude Code with a model each.
  await page.goto(`${server.url}/issues/${issue.id}`);
  const form = page.getByRole("form", { name: "Run an agent" });
  await form.getByText(/Runs in its own worktree and branch/).waitFor();
  await form.getByLabel("Prompt").fill(prompt);
  await form.getByLabel(/^Several agents/).check();
  const rows = form.getByRole("group", { name: "Agents to compare" });
  expect(await rows.getByRole("listitem").count()).toBe(2);
  await rows.getByLabel("Model of run 1").fill("sonnet");
  await rows.getByLabel("Model of run 2").fill("opus");
  await saveScreenshot(page, "fan-out-00-run-form");
  await form.getByRole("button", { name: "Run 2 agents" }).click();
  await page.waitForURL(/\/groups\/GRP-\d+$/);
  const groupId = page.url().split("/").pop()!;

  // The group page: both members side by side, live until both end.
  const members = page.getByRole("list", { name: `Members of ${groupId}` });
  await members.waitFor();
  const columns = members.getByRole("article");
  expect(await columns.count()).toBe(2);
  const sonnet = members.getByRole("article", { name: /^Claude Code \(sonnet\)/ });
  const opus = members.getByRole("article", { name: /^Claude Code \(opus\)/ });
  await sonnet.getByText("Wrote the sonnet plan.").waitFor({ timeout: 90_000 });
  await opus.getByText("Wrote the opus plan.").waitFor({ timeout: 90_000 });
  await sonnet.getByText("Completed", { exact: true }).waitFor();
  await opus.getByText("Completed", { exact: true }).waitFor();
  // Files with +/−, and the times.
  await sonnet
    .getByRole("list", { name: /^Files changed by/ })
    .getByText("plan.txt")
    .waitFor();
  await opus
    .getByRole("list", { name: /^Files changed by/ })
    .getByText("plan.txt")
    .waitFor();
  expect(await sonnet.getByText("Total time").count()).toBe(1);
  expect(await page.getByRole("button", { name: "Cancel group" }).count()).toBe(0);
  // The CLI was asked for the two models.
  const models = harness.api.requests.filter((r) => turnText(r).includes(prompt)).map((r) => r.model ?? "");
  expect(models.some((m) => m.includes("sonnet"))).toBe(true);
  expect(models.some((m) => m.includes("opus"))).toBe(true);

  // The diff of one member against the other.
  const diff = page.getByRole("region", { name: "Diff" });
  await diff.getByLabel("against").selectOption({ index: 1 });
  await diff.getByText("opus plan", { exact: true }).first().waitFor();
  await diff.getByText("sonnet plan", { exact: true }).first().waitFor();
  await saveScreenshot(page, "fan-out-01-group");

  // Pick the opus one and archive the other.
  const opusShort = ((await opus.getAttribute("aria-label")) ?? "").split("#").pop()!;
  await opus.getByRole("button", { name: `Pick #${opusShort}` }).click();
  await opus.getByLabel(/Archive the others/).check();
  await opus.getByRole("button", { name: `Confirm pick #${opusShort}` }).click();
  await opus.getByText("Picked", { exact: true }).waitFor();
  await sonnet.getByText("Archived", { exact: true }).waitFor();
  await page.getByText(new RegExp(`^Picked #${opusShort}`)).waitFor();
  const group = (await (await fetch(`${server.url}/api/groups/${groupId}`)).json()) as { pickedExecutionId: string; members: { archived: boolean }[] };
  expect(group.pickedExecutionId.startsWith(opusShort)).toBe(true);
  expect(group.members.filter((m) => m.archived)).toHaveLength(1);
  await saveScreenshot(page, "fan-out-02-picked");

  // The issue's tree: the two members under the group's marker.
  await page.goto(`${server.url}/issues/${issue.id}?view=tree`);
  const marker = page.getByRole("navigation", { name: "Fan-out groups" }).getByRole("link", { name: `${groupId} · 2 runs` });
  await marker.waitFor();
  const graph = page.getByRole("tree", { name: `Session tree of ${issue.id}` });
  expect(await graph.getByRole("treeitem", { name: new RegExp(`in ${groupId},`) }).count()).toBe(2);
  await saveScreenshot(page, "fan-out-03-tree");
  await marker.click();
  await page.waitForURL(new RegExp(`/groups/${groupId}$`));

  // The picked member's page: its model, its group, and a fork to several models at once from it.
  await page.goto(`${server.url}/executions/${group.pickedExecutionId}`);
  expect(await page.getByTestId("execution-model").textContent()).toBe("opus");
  expect(await page.getByTestId("execution-group").getAttribute("href")).toBe(`/groups/${groupId}`);
  await page.getByLabel("Next prompt").fill("now refine it");
  await page.getByText("Fork with another agent or model, or several at once").click();
  await page.getByLabel(/^Several agents/).check();
  const forkRows = page.getByRole("group", { name: "Agents to compare" });
  await forkRows.getByLabel("Model of run 2").fill("sonnet");
  await page.getByRole("button", { name: "Fork to 2 agents" }).click();
  await page.waitForURL((url) => /\/groups\/GRP-\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${groupId}`));
  await page.getByText(`Forks of #${opusShort}`).waitFor();
  const forks = page.getByRole("list", { name: /^Members of GRP-/ }).getByRole("article");
  expect(await forks.count()).toBe(2);
  await forks.nth(0).getByText("Completed", { exact: true }).waitFor({ timeout: 90_000 });
  await forks.nth(1).getByText("Completed", { exact: true }).waitFor({ timeout: 90_000 });
  await saveScreenshot(page, "fan-out-04-fork-group");
});
