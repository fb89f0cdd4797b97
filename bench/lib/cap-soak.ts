import { readFileSync, readlinkSync } from "node:fs";
import type { ArborTree } from "@/bench/lib/arbor-tree";
import { processTree } from "@/bench/lib/arbor-tree";
import { sleep } from "@/bench/lib/runner-process";
import type { StatusWatch } from "@/bench/lib/status-watch";

// The warm cap under load: `sessions` sessions continued in a row (a new run,
// then a Continue of it, each on a warm process when it can be), while the
// processes of the `npm start` tree are sampled every 20 ms: the agent
// processes alive, and those a session page calls warm. The cap must hold at
// every sample (plus the one process running the turn at hand, and one being
// closed to make room).

export type CapSoakResult = { sessions: number; cap: number; maxWarm: number; maxAgentProcesses: number; warmContinues: number; seconds: number };

export async function capSoak(tree: ArborTree, watch: StatusWatch, options: { sessions: number; cap: number; issueId: string }): Promise<CapSoakResult> {
  let maxWarm = 0;
  let maxAgents = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      maxAgents = Math.max(maxAgents, processTree(tree.pid).filter((p) => isClaude(p.pid)).length);
      const response = await fetch(`${tree.url}/api/sessions?limit=200`).catch(() => null);
      if (response?.ok) {
        const { items } = (await response.json()) as { items: { warm: unknown }[] };
        maxWarm = Math.max(maxWarm, items.filter((s) => s.warm).length);
      }
      await sleep(20);
    }
  })();
  const started = Date.now();
  let warmContinues = 0;
  try {
    for (let i = 0; i < options.sessions; i++) {
      const run = await post(`${tree.url}/api/executions`, { issueId: options.issueId, prompt: `cap soak ${i}` });
      await watch.ended(run);
      const cont = await post(`${tree.url}/api/executions/${run}/continue`, { prompt: `cap soak ${i} again` });
      const ended = await watch.ended(cont);
      if ((ended.launch as { kind?: string } | null)?.kind === "warm") warmContinues++;
      if ((i + 1) % 20 === 0) console.log(`  cap soak: ${i + 1}/${options.sessions} sessions continued, at most ${maxWarm} warm, ${maxAgents} agent processes`);
    }
  } finally {
    sampling = false;
    await sampler;
  }
  return { sessions: options.sessions, cap: options.cap, maxWarm, maxAgentProcesses: maxAgents, warmContinues, seconds: (Date.now() - started) / 1000 };
}

async function post(url: string, body: unknown): Promise<string> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json()) as { id?: string };
  if (response.status !== 201 || !json.id) throw new Error(`POST ${url} → ${response.status} ${JSON.stringify(json)}`);
  return json.id;
}

function isClaude(pid: number): boolean {
  try {
    if (/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, "utf8"))) return false;
    return /claude/.test(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return false;
  }
}
