import type { Browser, Page } from "playwright-core";
import { summarize } from "@/bench/lib/stats";

// What bench/ui-scale.ts measures a page with: a fresh browser context per
// run, a bound on every step, and the frame intervals while something moves.

/** A page in a fresh context (1280×900); close the context when done. */
export async function freshPage(browser: Browser, timeoutMs: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx compiles with keepNames: functions sent to the page call its __name helper.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  return { context, page };
}

/** Rejects when a step in the page takes longer than `ms` (the benchmark must stop by itself). */
export function bounded<T>(promise: Promise<T>, what: string, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
    }),
  ]);
}

/** Frame intervals (ms) recorded in the page while `action` runs. */
export async function frameTimes(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await action();
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames.slice(1);
  });
}

export function frameStats(frames: number[]) {
  const s = summarize(frames);
  return { frames: frames.length, p50: s.p50, p95: s.p95, max: s.max, over50ms: frames.filter((f) => f > 50).length, fps: 1000 / s.mean };
}

export type FrameStats = ReturnType<typeof frameStats>;
