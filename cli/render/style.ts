// Terminal styling. Colors only when the stream is a TTY and NO_COLOR is not
// set (https://no-color.org); FORCE_COLOR forces them on (e.g. `| less -R`).

export interface Style {
  color: boolean;
  /** Terminal width, when known; rendering truncates long lines to it. */
  columns?: number;
}

export const plain: Style = { color: false };

export function detectStyle(stream: { isTTY?: boolean; columns?: number }, env: Record<string, string | undefined> = process.env): Style {
  let color = Boolean(stream.isTTY);
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") color = false;
  else if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false") color = true;
  const columns = stream.isTTY && typeof stream.columns === "number" && stream.columns > 0 ? stream.columns : undefined;
  return columns === undefined ? { color } : { color, columns };
}

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  italic: [3, 23],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;

export type Paint = keyof typeof CODES;

export function paint(style: Style, text: string, ...paints: Paint[]): string {
  if (!style.color || paints.length === 0 || text === "") return text;
  let open = "";
  let close = "";
  for (const p of paints) {
    open += `\x1b[${CODES[p][0]}m`;
    close = `\x1b[${CODES[p][1]}m${close}`;
  }
  return open + text + close;
}

/** Color for an execution status. */
export function statusPaint(status: unknown): Paint[] {
  switch (status) {
    case "completed":
      return ["green"];
    case "failed":
      return ["red"];
    case "running":
      return ["yellow"];
    case "queued":
      return ["cyan"];
    case "cancelled":
    case "interrupted":
      return ["magenta"];
    default:
      return [];
  }
}
