import type { Browser, Page } from "playwright-core";
import { bounded, frameStats, frameTimes, freshPage, type FrameStats } from "@/bench/ui-scale/page-timing";

// The session-tree picture of an issue with many executions (issue page, Tree
// tab), then the same executions as the History list: times from navigation
// start, a zoom click, frame times while panning and wheel-zooming.

export type TreeRun = {
  interactiveMs: number;
  renderedNodes: number;
  zoomResponseMs: number;
  pan: FrameStats;
  wheelZoom: FrameStats;
  loadLatestMs: number;
  historyListMs: number;
  /** Until the whole list is in (absent in results measured before 2026-11-29). */
  historyWholeMs?: number;
};

/**
 * In the page: the History list is shown, with its first screen of rows and
 * knowing all `n` (performance.now() then, else false). The list starts
 * below the window at 1280×900 (the run form is above it), so this does what
 * a person does: scrolls the list's top to the window's top as soon as the
 * list is there (again if the page above it moves it). The list renders only
 * the rows near the window, so "all n" is what every row says
 * (aria-setsize), and "shown" is rows covering, without a gap, the part of
 * the list inside the window: a list with rows missing never passes.
 */
export function historyShown(n: number): number | false {
  const list = document.querySelector('[aria-label="Execution history"]');
  const rows = list ? [...list.querySelectorAll(":scope > li")] : [];
  if (!list || rows.length === 0 || rows.some((li) => Number(li.getAttribute("aria-setsize")) < n)) return false;
  let box = list.getBoundingClientRect();
  if (Math.abs(box.top) > 1) {
    window.scrollBy(0, box.top);
    box = list.getBoundingClientRect();
  }
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, window.innerHeight);
  if (bottom <= top) return false;
  const spans = rows
    .map((li) => li.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > top && r.top < bottom)
    .sort((a, b) => a.top - b.top);
  let covered = top;
  for (const r of spans) {
    if (r.top > covered + 1) return false;
    covered = Math.max(covered, r.bottom);
  }
  return covered >= bottom - 1 ? performance.now() : false;
}

/** Opens the issue's Tree tab: ms from navigation start until the picture has its first view and nodes to focus. */
export async function treeInteractiveMs(page: Page, base: string, issueId: string): Promise<number> {
  // Watched from the first byte of the answer, not from the load event.
  await page.goto(`${base}/issues/${issueId}?view=tree`, { waitUntil: "commit" });
  return page
    .waitForFunction(
      () => {
        const graph = document.querySelector('[data-testid="session-tree-graph"][data-ready="true"]');
        return graph?.querySelector('[role="treeitem"]') ? performance.now() : false;
      },
      undefined,
      { polling: "raf" },
    )
    .then((h) => h.jsonValue() as Promise<number>);
}

/** Opens the issue's page (History): ms from navigation start until the list shows, knowing all `executions`. */
export async function historyListedMs(page: Page, base: string, issueId: string, executions: number): Promise<number> {
  await page.goto(`${base}/issues/${issueId}`, { waitUntil: "commit" });
  return page.waitForFunction(historyShown, executions, { polling: "raf" }).then((h) => h.jsonValue() as Promise<number>);
}

/**
 * ms from navigation start until the History list on the page is the whole
 * list: its rows placed by the virtualizer, every one reachable by
 * scrolling. Until then the page may show the first rows its HTML carried
 * (app/issues/[id]/page.tsx), in the document's flow.
 */
export async function wholeListedMs(page: Page): Promise<number> {
  return page
    .waitForFunction(() => (document.querySelector('[aria-label="Execution history"] > li[style*="translateY"]') ? performance.now() : false), undefined, {
      polling: "raf",
    })
    .then((h) => h.jsonValue() as Promise<number>);
}

/** One run in a fresh context; `executions`: how many rows the History list must show. */
export async function measureTree(browser: Browser, base: string, issueId: string, executions: number): Promise<TreeRun> {
  const { context, page } = await freshPage(browser, 60_000);
  try {
    const interactiveMs = await treeInteractiveMs(page, base, issueId);
    const renderedNodes = await page.locator('[role="treeitem"]').count();

    // A click on Zoom in until the new zoom shows.
    const zoomResponseMs = await bounded(
      page.evaluate(async () => {
        const label = () => /(\d+)%/.exec(document.querySelector('[role="toolbar"]')?.textContent ?? "")?.[1];
        const before = label();
        const button = [...document.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === "Zoom in")!;
        const t0 = performance.now();
        button.click();
        return new Promise<number>((resolve) => {
          const check = () => (label() !== before ? resolve(performance.now() - t0) : requestAnimationFrame(check));
          requestAnimationFrame(check);
        });
      }),
      "zoom response",
    );

    const box = (await page.getByTestId("session-tree-graph").boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const pan = frameStats(
      await frameTimes(page, async () => {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        for (let i = 0; i < 90; i++) await page.mouse.move(cx - i * 12, cy - i * 6);
        await page.mouse.up();
      }),
    );
    const wheelZoom = frameStats(
      await frameTimes(page, async () => {
        await page.mouse.move(cx, cy);
        for (let i = 0; i < 40; i++) await page.mouse.wheel(0, i < 20 ? 120 : -120);
      }),
    );
    const loadLatestMs = await bounded(
      page.evaluate(async () => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Load latest")!;
        const t0 = performance.now();
        button.click();
        return new Promise<number>((resolve) => {
          const check = () => {
            const focused = document.activeElement?.getAttribute("data-node-id");
            if (focused) resolve(performance.now() - t0);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
      }),
      "load latest",
    );

    // The same executions as the history list, as a person sees it.
    const historyListMs = await historyListedMs(page, base, issueId, executions);
    const historyWholeMs = await wholeListedMs(page);
    return { interactiveMs, renderedNodes, zoomResponseMs, pan, wheelZoom, loadLatestMs, historyListMs, historyWholeMs };
  } finally {
    await context.close();
  }
}
