import "server-only";
import { checkResultSchema } from "@/lib/executions/schema";
import { executionHref } from "@/lib/hrefs";
import { loadConfig } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { summarizeExecution } from "@/server/executions/summarize-execution";
import { diffFiles } from "@/server/git/diff-files";
import { mergeBase } from "@/server/git/refs";
import type { LineContext } from "./line-context";

// The body Arbor writes for a line's pull request, from what it knows of the
// session: what was asked (every prompt of the line), the agent's final
// answer, the files changed with +/−, the check's result, and a link back
// (when ARBOR_PUBLIC_URL says where people reach Arbor).

const PROMPT_MAX = 1_500;
const ANSWER_MAX = 6_000;
const FILES_MAX = 100;

export async function pullRequestBody(context: LineContext, baseBranch: string): Promise<string> {
  const { execution, project } = context;
  const turns = await prisma.execution.findMany({
    where: { projectId: project.id, worktreeBranch: execution.worktreeBranch, createdAt: { lte: execution.createdAt } },
    orderBy: { createdAt: "asc" },
    select: { prompt: true },
  });
  const summary = await summarizeExecution(execution.id);
  const answer = summary.ok ? summary.value.finalAnswer : null;
  const base = await mergeBase(project.path, `refs/heads/${baseBranch}`, execution.snapshotSha);
  const files = base ? await diffFiles(project.path, base, execution.snapshotSha) : [];
  const check = checkResultSchema.safeParse(execution.check);
  const publicUrl = loadConfig().publicUrl;

  const sections: string[] = [];
  sections.push(
    "## What was asked",
    turns.map((t, i) => `${turns.length > 1 ? `${i + 1}. ` : ""}${quote(cut(t.prompt, PROMPT_MAX))}`).join("\n\n") || "_(no prompt)_",
  );
  if (answer) sections.push("## The agent's answer", cut(answer, ANSWER_MAX));
  if (files.length > 0) {
    const rows = files
      .slice(0, FILES_MAX)
      .map((f) => `| \`${f.path.replace(/[|`]/g, "\\$&")}\` | ${f.binary ? "binary" : `+${f.additions} −${f.deletions}`} |`);
    const more = files.length > FILES_MAX ? `\n\n…and ${files.length - FILES_MAX} more files` : "";
    sections.push(`## Files changed (${files.length})`, `| file | lines |\n| --- | --- |\n${rows.join("\n")}${more}`);
  }
  if (check.success && check.data.status !== "running") {
    const mark = check.data.status === "passed" ? "✅" : "❌";
    sections.push("## Check", `${mark} \`${check.data.command.replace(/`/g, "'")}\`: ${check.data.summary}`);
  }
  const link = publicUrl ? ` · [this turn in Arbor](${publicUrl}${executionHref(execution.id)})` : "";
  sections.push("---", `Opened by Arbor from execution ${execution.id.slice(0, 8)} (agent ${execution.agent})${link}.`);
  return sections.join("\n\n");
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
