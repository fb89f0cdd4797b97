// Test data built through the real services (so ids come from the counters table).
// The one place tests make specs and issues.
import { createIssue } from "@/server/issues/create-issue";
import { createSpec } from "@/server/specs/create-spec";
import { createIssueSchema, type CreateIssueInput } from "@/lib/issues/schema";
import { createSpecSchema, type CreateSpecInput } from "@/lib/specs/schema";
import type { Issue } from "@/lib/issues/schema";
import type { Spec } from "@/lib/specs/schema";

let sequence = 0;
const next = () => ++sequence;

export async function makeSpec(overrides: Partial<CreateSpecInput> = {}): Promise<Spec> {
  const input = createSpecSchema.parse({ title: `Spec ${next()}`, body: "", ...overrides });
  const result = await createSpec(input);
  if (!result.ok) throw new Error(`makeSpec failed: ${result.error.message}`);
  return result.value;
}

export async function makeIssue(overrides: Partial<CreateIssueInput> = {}): Promise<Issue> {
  const input = createIssueSchema.parse({ title: `Issue ${next()}`, ...overrides });
  const result = await createIssue(input);
  if (!result.ok) throw new Error(`makeIssue failed: ${result.error.message}`);
  return result.value;
}
