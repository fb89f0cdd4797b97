import type { Browser, Page } from "playwright-core";
import { summarize, type Summary } from "@/bench/lib/stats";
import { bounded, frameStats, frameTimes, freshPage, type FrameStats } from "@/bench/ui-scale/page-timing";

// The log of one execution with many events (its execution page): until the
// last entry shows; then "↑ Jump to start" until the log's first entry shows
// (the log loads older history only when it is wanted, so there is no "all
// history loaded" moment to wait for); frame times while scrolling up from
// the end (older pages loading as the view nears them); a `#seq-<n>` anchor;
// and one JSON page of events as a client fetches it.

export type LogRun = {
  lastEntryMs: number;
  /** Navigation start → the log's buttons answer (the page hydrated); before 2026-11-28 the log was drawn in the browser only, so this is when it showed. */
  interactiveMs?: number;
  /** Navigation start → the log's first entry on screen, Jump to start pressed as soon as the last entry showed (before 2026-11-28: → all history loaded, eagerly). */
  historyLoadedMs: number;
  domRows: number;
  scroll: FrameStats;
  /** Jump to start pressed → the first entry on screen, its page not loaded before. */
  jumpToTopMs: number;
  anchorMs: number;
};

const FEED = '[data-testid="execution-log"]';

/** Opens the execution's page: ms from navigation start until its last entry (seq = `events`) is rendered within the log's viewport. */
export async function lastEntryShownMs(page: Page, base: string, executionId: string, events: number): Promise<number> {
  // Watched from the first byte of the answer, not from the load event (what shows before the scripts have loaded counts).
  await page.goto(`${base}/executions/${executionId}`, { waitUntil: "commit" });
  return page
    .waitForFunction(
      (last) => {
        const feed = document.querySelector('[data-testid="execution-log"]');
        const row = feed?.querySelector(`[data-seq="${last}"]`);
        if (!feed || !row) return false;
        const f = feed.getBoundingClientRect();
        const r = row.getBoundingClientRect();
        return r.top < f.bottom && r.bottom > f.top ? performance.now() : false;
      },
      events,
      { polling: "raf" },
    )
    .then((h) => h.jsonValue() as Promise<number>);
}

/** One run in a fresh context; `events`: how many events the log has (the last one's seq). */
export async function measureLog(browser: Browser, base: string, executionId: string, events: number): Promise<LogRun> {
  const { context, page } = await freshPage(browser, 120_000);
  try {
    const lastEntryMs = await lastEntryShownMs(page, base, executionId, events);
    const domRows = await page.locator(`${FEED} [role="article"]`).count();
    // The log drawn in the HTML shows before its script runs: its buttons answer once React has hydrated them.
    const interactiveMs = await page
      .waitForFunction(
        () => {
          const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Jump to start"));
          return button && Object.keys(button).some((key) => key.startsWith("__reactProps")) ? performance.now() : false;
        },
        undefined,
        { polling: "raf" },
      )
      .then((h) => h.jsonValue() as Promise<number>);
    // Jump to start as soon as it answers (clicked in the page, timed there): the first page of the log is loaded then, and shown at the top.
    const jump = await bounded(
      page.evaluate(
        (feed) =>
          new Promise<{ at: number; took: number }>((resolve) => {
            const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Jump to start"));
            const t0 = performance.now();
            button?.click();
            const check = () => {
              const now = performance.now();
              if (document.querySelector(`${feed} [data-seq="1"]`)) resolve({ at: now, took: now - t0 });
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
        FEED,
      ),
      "jump to start",
    );
    const historyLoadedMs = jump.at;
    const jumpToTopMs = jump.took;

    // Back to the end, then scroll up continuously, 400 px a frame for 180 frames (about 3 s at 60 fps).
    await page.getByRole("button", { name: "↓ Jump to latest" }).click();
    await page.waitForFunction(
      ([feed, last]) => {
        const f = document.querySelector(feed)?.getBoundingClientRect();
        const r = document.querySelector(`${feed} [data-seq="${last}"]`)?.getBoundingClientRect();
        return !!f && !!r && r.top < f.bottom && r.bottom > f.top;
      },
      [FEED, events] as const,
      { polling: "raf" },
    );
    const scroll = frameStats(
      await bounded(
        frameTimes(page, () =>
          page.evaluate(
            (feedSelector) =>
              new Promise<void>((resolve) => {
                const feed = document.querySelector(feedSelector) as HTMLElement;
                let n = 0;
                const step = () => {
                  feed.scrollTop -= 400;
                  if (++n < 180) requestAnimationFrame(step);
                  else resolve();
                };
                requestAnimationFrame(step);
              }),
            FEED,
          ),
        ),
        "scroll",
      ),
    );
    // A search-result link: #seq-<n> in the middle of the log.
    const target = Math.floor(events / 2) + 3;
    const anchorMs = await bounded(
      page.evaluate(
        (seq) =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            window.location.hash = `#seq-${seq}`;
            const check = () => (document.getElementById(`seq-${seq}`) ? resolve(performance.now() - t0) : requestAnimationFrame(check));
            requestAnimationFrame(check);
          }),
        target,
      ),
      "anchor",
    );
    return { lastEntryMs, interactiveMs, historyLoadedMs, domRows, scroll, jumpToTopMs, anchorMs };
  } finally {
    await context.close();
  }
}

/** Five JSON pages of 5,000 events, as a client fetches them (ms each). */
export async function pageFetchMs(base: string, executionId: string): Promise<Summary> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/executions/${executionId}/events?after=${i * 5000}&limit=5000`, { headers: { accept: "application/json" } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return summarize(times);
}
