// The executions API as the benchmarks drive it: the real route handlers,
// called in-process (no HTTP layer), on one issue created for the run.
// Imported dynamically by the benchmarks, after DATABASE_URL names their
// database (server/db reads it when first loaded).
import { POST } from "@/app/api/executions/route";
import { GET } from "@/app/api/executions/[id]/route";
import { prisma } from "@/server/db";

export type BenchExecution = {
  id: string;
  status: string;
  sessionId: string | null;
  targetSessionId?: string;
  sessionConfirmed: boolean;
  error: { code: string; message: string } | null;
};

export async function executionRoutes(issueTitle: string) {
  const counter = await prisma.counter.upsert({ where: { name: "issue" }, create: { name: "issue", value: 1 }, update: { value: { increment: 1 } } });
  const issue = await prisma.issue.create({ data: { id: `ISSUE-${counter.value}`, number: counter.value, title: issueTitle } });
  return {
    issue,
    /** POST /api/executions; throws unless it answers 201. */
    async create(agent: string, prompt: string): Promise<BenchExecution> {
      const request = new Request("http://127.0.0.1:3000/api/executions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ issueId: issue.id, prompt, agent }),
      });
      const response = await POST(request, {});
      const body = await response.json();
      if (response.status !== 201) throw new Error(`POST /api/executions → ${response.status} ${JSON.stringify(body)}`);
      return body as BenchExecution;
    },
    /** GET /api/executions/:id */
    async get(id: string): Promise<BenchExecution> {
      const response = await GET(new Request(`http://127.0.0.1:3000/api/executions/${id}`), { params: Promise.resolve({ id }) });
      return (await response.json()) as BenchExecution;
    },
  };
}
