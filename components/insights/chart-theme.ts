// Colours and axis styling shared by the Insights charts. Mid-tone colours
// that read on both the light and the dark theme; axis text takes the
// surrounding text colour (currentColor) so it follows the theme.

export const SERIES_COLORS = ["#10b981", "#0ea5e9", "#8b5cf6", "#f59e0b", "#f43f5e", "#14b8a6", "#64748b"] as const;

export const VERDICT_COLORS = { worked: "#10b981", failed: "#f43f5e", unjudged: "#a1a1aa" } as const;

export const AXIS = {
  tick: { fill: "currentColor", fontSize: 11 },
  stroke: "currentColor",
  tickLine: false,
  axisLine: false,
} as const;

/** "2026-03-02" → "Mar 2" on axes and tooltips. */
export function bucketLabel(bucket: string): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  return date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}
