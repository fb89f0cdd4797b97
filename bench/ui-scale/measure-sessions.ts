import type { Browser } from "playwright-core";
import { freshPage } from "@/bench/ui-scale/page-timing";

// The issue page of an issue with many sessions: from navigation start until
// the page is interactive with every session listed (the History list shows
// every execution, each linking its SESS-n; the list is drawn by the page's
// script, so it is hydrated and answers clicks by then).

export type SessionsRun = { listedMs: number; rows: number; sessions: number };

/** One run in a fresh context; `executions` rows and `sessions` distinct sessions must show. */
export async function measureSessions(browser: Browser, base: string, issueId: string, executions: number, sessions: number): Promise<SessionsRun> {
  const { context, page } = await freshPage(browser, 60_000);
  try {
    await page.goto(`${base}/issues/${issueId}`);
    const listedMs = await page
      .waitForFunction(
        ([n, s]) => {
          const rows = document.querySelectorAll('[aria-label="Execution history"] > li');
          if (rows.length < n) return false;
          const listed = new Set(
            [...document.querySelectorAll('[aria-label="Execution history"] a[href^="/sessions/SESS-"]')].map((a) => a.getAttribute("href")),
          );
          return listed.size >= s ? performance.now() : false;
        },
        [executions, sessions] as const,
        { polling: "raf" },
      )
      .then((h) => h.jsonValue() as Promise<number>);
    const rows = await page.locator('[aria-label="Execution history"] > li').count();
    const listed = await page.evaluate(
      () => new Set([...document.querySelectorAll('[aria-label="Execution history"] a[href^="/sessions/SESS-"]')].map((a) => a.getAttribute("href"))).size,
    );
    return { listedMs, rows, sessions: listed };
  } finally {
    await context.close();
  }
}
