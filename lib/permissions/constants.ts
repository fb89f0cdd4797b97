// The permission modes (lib/permissions/schema.ts says what each allows) and their labels.
// Without zod, so the pages that show them do not load it (docs/architecture.md).

export const PERMISSION_MODES = ["ask", "edits", "plan", "trusted"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export const PERMISSION_MODE_LABELS: Record<PermissionMode, string> = {
  ask: "Ask me",
  edits: "Edit files only",
  plan: "Plan first",
  trusted: "Trusted (everything allowed)",
};
