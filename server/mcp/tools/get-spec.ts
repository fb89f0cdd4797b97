import "server-only";
import { parseId } from "@/lib/ids";
import { prisma } from "@/server/db";
import { citedRefs, linksText } from "@/server/mcp/tools/cited-refs";
import { oneLine, toolAnswer, toolError, type ToolAnswer } from "@/server/mcp/tool-answer";
import { getSpec } from "@/server/specs/get-spec";

// get_spec { ref }: a spec's text, its issues with their status, what it cites and what cites it.

export async function getSpecForAgent(input: { ref: string }): Promise<ToolAnswer> {
  if (!parseId("spec", input.ref)) return toolError(`"${oneLine(input.ref, 40)}" is not a spec ref: use one like SPEC-3`);
  const found = await getSpec(input.ref);
  if (!found.ok) return toolError(found.error.message);
  const spec = found.value;
  const [links, issues] = await Promise.all([
    citedRefs({ type: "spec", id: spec.id }),
    prisma.issue.findMany({ where: { specId: spec.id }, select: { id: true, title: true, status: true }, orderBy: { number: "asc" }, take: 100 }),
  ]);
  const text = [
    `${spec.id} "${spec.title}"${spec.projectId ? ` — in ${spec.projectId}` : ""}`,
    ...linksText(links),
    issues.length ? `Issues: ${issues.map((i) => `${i.id} "${oneLine(i.title, 60)}" (${i.status})`).join(", ")}` : "No issues yet.",
    "",
    spec.body || "(no text)",
  ].join("\n");
  return toolAnswer(text, { id: spec.id, title: spec.title, projectId: spec.projectId, body: spec.body, ...links, issues }, [spec.id]);
}
