/**
 * End to end in headless Chromium with the real Claude Code CLI (against the
 * Messages-API stand-in) and a real runner: run an agent on an issue → its
 * session SESS-1 appears (linked from the execution page) → cite [[SESS-1]]
 * in a spec → open the spec, hover the reference (card), click it → the
 * session page lists the spec under "Referenced by" → rename it, see it in
 * the Sessions list → a prompt citing [[SESS-1]] runs as a Continue of it →
 * the CLI shows the same session.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { lastUserText } from "@/test/support/messages-api";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-sessions-runner");

test("run an agent, cite its session in a spec, follow the reference to the session and see the spec under Referenced by", async () => {
  const { harness, server, page } = suite;
  harness.api.setScript(async (request) => ({ kind: "text", text: `Echo: ${lastUserText(request)}` }));

  // Run an agent on an issue.
  await page.goto(`${server.url}/issues/new`);
  await page.getByLabel("Title", { exact: true }).fill("Sign-in with passkeys");
  await page.getByRole("button", { name: /create issue/i }).click();
  await page.waitForURL(/\/issues\/ISSUE-\d+$/);
  const issueId = page.url().split("/").pop()!;
  await page.getByLabel("Prompt", { exact: true }).fill("Sketch how passkey sign-in should work");
  await page.getByRole("button", { name: "Run agent" }).click();
  const firstId = await executionIdFromUrl(page);
  await page.getByText("Completed", { exact: true }).first().waitFor();
  const first = await waitForExecution(firstId);
  expect(first).toMatchObject({ status: "completed", managedSessionId: "SESS-1" });

  // The execution page links its session.
  const sessionLink = page.getByTestId("managed-session");
  await sessionLink.waitFor();
  expect((await sessionLink.textContent())?.trim()).toBe("SESS-1");

  // Cite it (and an unknown session) in a spec.
  await page.goto(`${server.url}/specs/new`);
  await page.getByLabel("Title", { exact: true }).fill("Passkeys");
  await page.getByLabel("Description", { exact: true }).fill(`We explored this in [[SESS-1]] for [[${issueId}]]. Not [[SESS-99]].`);
  await page.getByRole("button", { name: "Create spec" }).click();
  await page.waitForURL(/\/specs\/SPEC-\d+$/);
  const specId = page.url().split("/").pop()!;
  await page.getByRole("heading", { level: 1, name: "Passkeys" }).waitFor();

  const description = page.getByRole("region", { name: "Description" });
  const reference = description.getByRole("link", { name: "SESS-1" });
  await reference.waitFor();
  expect(await reference.getAttribute("href")).toBe("/sessions/SESS-1");
  // The unknown one is visibly broken, with an explanation.
  const broken = description.locator('[data-broken-ref="SESS-99"]');
  await broken.waitFor();
  expect(await broken.getAttribute("title")).toContain("there is no session SESS-99");
  expect(await broken.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain("line-through");

  // Hover: the card shows the session's title, status and last activity.
  await reference.hover();
  const card = page.getByRole("tooltip");
  await card.getByText("Sketch how passkey sign-in should work").waitFor();
  expect(await card.textContent()).toMatch(/Session SESS-1.*Completed.*Last activity/);
  await saveScreenshot(page, "sessions-spec-reference");

  // Click through to the session page.
  await reference.click();
  await page.waitForURL(`${server.url}/sessions/SESS-1`);
  await page.getByRole("heading", { level: 1, name: "Sketch how passkey sign-in should work" }).waitFor();
  const executions = page.getByRole("list", { name: "Conversation of SESS-1" });
  await executions.getByRole("link", { name: `#${firstId.slice(0, 8)}` }).waitFor();
  const referencedBy = page.getByRole("list", { name: "Referenced by (SESS-1)" });
  await referencedBy.getByRole("link", { name: "Passkeys" }).waitFor();
  expect(await referencedBy.getByText(specId, { exact: true }).count()).toBe(1);
  await page.getByRole("link", { name: issueId, exact: false }).first().waitFor();

  // Rename it; the Sessions list (in the header nav) shows the new title.
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Title", { exact: true }).fill("Passkey sign-in design");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("heading", { level: 1, name: "Passkey sign-in design" }).waitFor();
  await saveScreenshot(page, "sessions-session-page");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sessions" }).click();
  await page.waitForURL(`${server.url}/sessions`);
  await page.getByRole("list", { name: "Sessions" }).getByRole("link", { name: "Passkey sign-in design" }).waitFor();

  // A prompt citing [[SESS-1]] can run as a Continue of that session.
  await page.goto(`${server.url}/issues/${issueId}`);
  await page.getByLabel("Prompt", { exact: true }).fill("Now pick one approach from [[SESS-1]]");
  await page.getByRole("radio", { name: /Continue SESS-1/ }).check();
  await page.getByRole("button", { name: "Continue SESS-1" }).click();
  const secondId = await executionIdFromUrl(page, firstId);
  const second = await waitForExecution(secondId);
  expect(second).toMatchObject({ status: "completed", parentExecutionId: firstId, sessionId: first.sessionId, managedSessionId: "SESS-1" });

  // The issue the spec cites lists it under Referenced by too.
  await page.goto(`${server.url}/issues/${issueId}`);
  await page
    .getByRole("list", { name: `Referenced by (${issueId})` })
    .getByRole("link", { name: "Passkeys" })
    .waitFor();
  await saveScreenshot(page, "sessions-issue-page");

  // The CLI agrees.
  const { stdout } = await promisify(execFile)("node", ["bin/arbor.mjs", "--url", server.url, "session", "SESS-1"], { env: { ...process.env, NO_COLOR: "1" } });
  expect(stdout).toContain("SESS-1  Passkey sign-in design");
  expect(stdout).toContain(firstId.slice(0, 8));
  expect(stdout).toMatch(new RegExp(`${secondId.slice(0, 8)}\\s+continue`));
  expect(stdout).toContain(`Referenced by (1)\n  ${specId}  Passkeys`);
});
