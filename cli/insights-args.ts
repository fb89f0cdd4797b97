// Arguments of `arbor stats`, `arbor mark` and `arbor unmark`. Pure.

export type StatsCommand = {
  name: "stats";
  /** Insights filters, passed to GET /api/insights as they are (the server validates them). */
  filters: Record<string, string>;
  json: boolean;
};

export type MarkCommand = {
  name: "mark";
  /** An execution id or a session id (SESS-n). */
  target: string;
  mark: "worked" | "failed" | "preferred";
  note?: string;
  over?: string;
  json: boolean;
};

export type UnmarkCommand = { name: "unmark"; target: string; preferred: boolean; json: boolean };

/** `arbor stats` options that are Insights filters of the same name. */
export const STATS_FILTERS = ["issue", "spec", "project", "agent", "model", "session", "since", "from", "to", "bucket"] as const;

const MARKS = ["worked", "failed", "preferred"] as const;

type Values = Record<string, string | boolean | undefined>;
type Fail = (message: string) => { ok: false; message: string; usage: string };

export function parseStats(positionals: string[], values: Values, fail: Fail): StatsCommand | ReturnType<Fail> {
  if (positionals.length > 0) return fail(`unexpected argument "${positionals[0]}" (filters are options, e.g. --issue ISSUE-1)`);
  const filters: Record<string, string> = {};
  for (const key of STATS_FILTERS) {
    const value = values[key];
    if (typeof value !== "string") continue;
    if (value.trim() === "") return fail(`--${key} needs a value`);
    filters[key] = value.trim();
  }
  if (filters.since && filters.from) return fail("give --since or --from, not both");
  return { name: "stats", filters, json: values.json === true };
}

export function parseMark(positionals: string[], values: Values, fail: Fail): MarkCommand | ReturnType<Fail> {
  const [target, mark, ...rest] = positionals;
  if (!target) return fail("missing execution id (or SESS-n)");
  if (!mark) return fail(`missing mark: one of ${MARKS.join(", ")}`);
  if (rest.length) return fail(`unexpected argument "${rest[0]}" (a note goes in --note "…")`);
  const normalized = mark === "didnt-work" || mark === "didn't-work" ? "failed" : mark;
  if (!(MARKS as readonly string[]).includes(normalized)) return fail(`unknown mark "${mark}": one of ${MARKS.join(", ")}`);
  if (typeof values.over === "string" && normalized !== "preferred") return fail("--over only goes with preferred");
  const note = typeof values.note === "string" ? values.note : undefined;
  const over = typeof values.over === "string" ? values.over : undefined;
  return {
    name: "mark",
    target,
    mark: normalized as MarkCommand["mark"],
    ...(note !== undefined ? { note } : {}),
    ...(over !== undefined ? { over } : {}),
    json: values.json === true,
  };
}

export function parseUnmark(positionals: string[], values: Values, fail: Fail): UnmarkCommand | ReturnType<Fail> {
  if (positionals.length === 0) return fail("missing execution id (or SESS-n)");
  if (positionals.length > 1) return fail(`unexpected argument "${positionals[1]}"`);
  return { name: "unmark", target: positionals[0]!, preferred: values.preferred === true, json: values.json === true };
}

/** SESS-n (any case) names a session; anything else is taken as an execution id. */
export function isSessionRef(target: string): boolean {
  return /^sess-\d+$/i.test(target.trim());
}
