import type { Browser } from "playwright-core";
import { round2 } from "@/bench/lib/stats";
import { lastEntryShownMs } from "@/bench/ui-scale/measure-log";
import { historyListedMs, treeInteractiveMs } from "@/bench/ui-scale/measure-tree";
import { freshPage } from "@/bench/ui-scale/page-timing";

// Two builds of the app served side by side on one database, their pages
// loaded in turns (bench/ui-scale.ts --interleave <checkout>). On this 2-core
// machine a page's time moves by ±100 ms from one half hour to the next, more
// than most changes are worth: columns measured apart compare the machine's
// moods. In turns, each round loads every page of one build then the other
// (the order alternating), and a round's median per page is one sample.

export type Side = { label: string; commit: string; base: string };

/** The pages timed in turns, each from navigation start, in a fresh browser context per load. */
export const TURN_PAGES = ["tree", "history", "sessions", "log"] as const;
export type TurnPage = (typeof TURN_PAGES)[number];

export const TURN_PAGE_LABELS: Record<TurnPage, string> = {
  tree: "1,000-node tree interactive (goal ≤ 400 ms)",
  history: "History list of 1,000 shown (goal ≤ 300 ms)",
  sessions: "Issue page with 200 sessions, History shown (goal ≤ 500 ms)",
  log: "Last entry of a 100,000-event log shown (goal ≤ 400 ms)",
};

export type Targets = {
  treeIssueId: string;
  executions: number;
  sessionsIssueId: string;
  sessionRows: number;
  logExecutionId: string;
  events: number;
};

export type TurnsColumn = { label: string; commit: string; rounds: Record<TurnPage, number[]> };

/** The middle two averaged for an even count (stats.percentile's nearest rank would take the lower one: with 6 rounds, a third of the way down). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function loadOnce(browser: Browser, base: string, page: TurnPage, t: Targets): Promise<number> {
  const { context, page: tab } = await freshPage(browser, 60_000);
  try {
    if (page === "tree") return await treeInteractiveMs(tab, base, t.treeIssueId);
    if (page === "history") return await historyListedMs(tab, base, t.treeIssueId, t.executions);
    if (page === "sessions") return await historyListedMs(tab, base, t.sessionsIssueId, t.sessionRows);
    return await lastEntryShownMs(tab, base, t.logExecutionId, t.events);
  } finally {
    await context.close();
  }
}

/** `rounds` rounds; in each, every side loads each page `loads` times (sides in alternating order). Per side and page: each round's median. */
export async function measureInTurns(browser: Browser, sides: Side[], targets: Targets, options: { rounds: number; loads: number }): Promise<TurnsColumn[]> {
  const columns = sides.map((s) => ({
    label: s.label,
    commit: s.commit,
    rounds: Object.fromEntries(TURN_PAGES.map((p) => [p, [] as number[]])) as Record<TurnPage, number[]>,
  }));
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 ? [...sides.keys()].reverse() : [...sides.keys()];
    for (const i of order) {
      for (const page of TURN_PAGES) {
        const times: number[] = [];
        for (let n = 0; n < options.loads; n++) times.push(await loadOnce(browser, sides[i].base, page, targets));
        columns[i].rounds[page].push(round2(median(times)));
      }
    }
    console.log(`round ${round + 1}:`, columns.map((c) => `${c.label} ${TURN_PAGES.map((p) => `${p} ${c.rounds[p].at(-1)}`).join(", ")}`).join(" | "));
  }
  return columns;
}

/** The table: per page, each side's median of its rounds' medians, and the rounds themselves. */
export function turnsMarkdown(columns: TurnsColumn[], heading: string): string {
  const lines = [
    heading,
    "",
    `| Navigation start → (median of the rounds' medians; each round's in brackets) | ${columns.map((c) => `${c.label} (${c.commit})`).join(" | ")} |`,
    `| --- |${columns.map(() => " --- |").join("")}`,
  ];
  for (const page of TURN_PAGES) {
    const cells = columns.map((c) => `${Math.round(median(c.rounds[page]))} ms (${c.rounds[page].map((v) => Math.round(v)).join(", ")})`);
    lines.push(`| ${TURN_PAGE_LABELS[page]} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
