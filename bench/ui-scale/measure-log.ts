import type { Browser } from "playwright-core";
import { summarize, type Summary } from "@/bench/lib/stats";
import { bounded, frameStats, frameTimes, freshPage, type FrameStats } from "@/bench/ui-scale/page-timing";

// The log of one execution with many events (its execution page): until the
// last entry shows, until all history is loaded, frame times while scrolling
// up, a jump to the top and a `#seq-<n>` anchor; and one JSON page of events
// as a client fetches it.

export type LogRun = { lastEntryMs: number; historyLoadedMs: number; domRows: number; scroll: FrameStats; jumpToTopMs: number; anchorMs: number };

/** One run in a fresh context; `events`: how many events the log has (the last one's seq). */
export async function measureLog(browser: Browser, base: string, executionId: string, events: number): Promise<LogRun> {
  const { context, page } = await freshPage(browser, 120_000);
  try {
    await page.goto(`${base}/executions/${executionId}`);
    // The last entry (seq = events) is rendered and within the log's viewport.
    const lastEntryMs = await page
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
    const historyLoadedMs = await page
      .waitForFunction(
        () => (document.querySelector('[data-testid="execution-log"]')?.getAttribute("aria-busy") === "false" ? performance.now() : false),
        undefined,
        { polling: "raf" },
      )
      .then((h) => h.jsonValue() as Promise<number>);
    const domRows = await page.locator('[data-testid="execution-log"] [role="article"]').count();

    // Scroll up continuously, 400 px a frame for 180 frames (about 3 s at 60 fps).
    const scroll = frameStats(
      await bounded(
        frameTimes(page, () =>
          page.evaluate(
            () =>
              new Promise<void>((resolve) => {
                const feed = document.querySelector('[data-testid="execution-log"]') as HTMLElement;
                let n = 0;
                const step = () => {
                  feed.scrollTop -= 400;
                  if (++n < 180) requestAnimationFrame(step);
                  else resolve();
                };
                requestAnimationFrame(step);
              }),
          ),
        ),
        "scroll",
      ),
    );
    // Jump to the very top: until the first entry is on screen.
    const jumpToTopMs = await bounded(
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const feed = document.querySelector('[data-testid="execution-log"]') as HTMLElement;
            const t0 = performance.now();
            feed.scrollTop = 0;
            const check = () => (feed.querySelector('[data-seq="1"]') ? resolve(performance.now() - t0) : requestAnimationFrame(check));
            requestAnimationFrame(check);
          }),
      ),
      "jump to top",
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
    return { lastEntryMs, historyLoadedMs, domRows, scroll, jumpToTopMs, anchorMs };
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
