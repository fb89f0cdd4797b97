import type { Browser, Page } from "playwright-core";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { startAppServer, type AppServer } from "@/test/support/app-server";
import { launchBrowser } from "@/test/support/browser";
import { resetDb } from "@/test/support/db";
import { createHarness, type Harness } from "@/test/support/executions-harness";

export type AgentE2eSuite = { harness: Harness; server: AppServer; browser: Browser; page: Page };

/**
 * The set-up every browser test that runs agents shares: a fresh database,
 * the Messages-API stand-in and an in-process runner (the harness points the
 * real Claude CLI at the stand-in through process.env, which the app server
 * inherits too), the production app, and one Chromium page. Registers
 * beforeAll/afterAll; the returned object's fields are set once beforeAll ran.
 */
export function useAgentE2eSuite(
  runnerId: string,
  options: {
    runnerEnv?: Record<string, string | undefined> /** The runner's agents get the app's MCP server (ARBOR_MCP_URL), as under npm start. */;
    mcp?: boolean;
  } = {},
): AgentE2eSuite {
  const suite = {} as AgentE2eSuite;
  beforeAll(async () => {
    await resetDb();
    suite.harness = await createHarness();
    suite.server = await startAppServer();
    const mcp = options.mcp ? { ARBOR_MCP_URL: `${suite.server.url}/api/mcp` } : {};
    await suite.harness.startRunner({ runnerId, env: { ...mcp, ...options.runnerEnv } });
    suite.browser = await launchBrowser();
    suite.page = await (await suite.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    suite.page.setDefaultTimeout(20_000);
  }, 600_000); // the first run builds the app

  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.harness?.close();
    await releaseWorkerUtils();
    await prisma.$disconnect();
  });
  return suite;
}

/** Waits until the page shows an execution other than `previous`, and returns its id. */
export async function executionIdFromUrl(page: Page, previous?: string): Promise<string> {
  await page.waitForURL((url) => /\/executions\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(previous ?? "-"));
  return page.url().split("/").pop()!;
}
