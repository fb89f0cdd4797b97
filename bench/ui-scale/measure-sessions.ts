import type { Browser } from "playwright-core";
import { historyListedMs, wholeListedMs } from "@/bench/ui-scale/measure-tree";
import { freshPage } from "@/bench/ui-scale/page-timing";

// The issue page of an issue with many sessions: from navigation start until
// the page is interactive with its History list shown (its first screen of
// rows, knowing every execution: the list renders only the rows near the
// window, so the sessions are counted by scrolling through it afterwards).

/** `wholeMs`: until the whole list is in (absent in results measured before 2026-11-29). */
export type SessionsRun = { listedMs: number; wholeMs?: number; rows: number; sessions: number };

/** One run in a fresh context; `executions` rows must be known to the list, and `sessions` distinct sessions found in it. */
export async function measureSessions(browser: Browser, base: string, issueId: string, executions: number, sessions: number): Promise<SessionsRun> {
  const { context, page } = await freshPage(browser, 60_000);
  try {
    // Watched from the first byte of the answer, not from the load event.
    const listedMs = await historyListedMs(page, base, issueId, executions);
    // The first rows may be those the page's HTML carried: the sessions are counted in the whole list.
    const wholeMs = await wholeListedMs(page);
    const rows = await page.evaluate(() => Number(document.querySelector('[aria-label="Execution history"] > li')?.getAttribute("aria-setsize") ?? 0));
    // Every session is linked from some row: scroll the window through the list, collecting them.
    const listed = await page.evaluate(async () => {
      const seen = new Set<string | null>();
      const collect = () => {
        for (const a of document.querySelectorAll('[aria-label="Execution history"] a[href^="/sessions/SESS-"]')) seen.add(a.getAttribute("href"));
      };
      window.scrollTo(0, 0);
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        collect();
      }
      return seen.size;
    });
    if (listed < sessions) throw new Error(`the History list links ${listed} of ${sessions} sessions`);
    return { listedMs, wholeMs, rows, sessions: listed };
  } finally {
    await context.close();
  }
}
