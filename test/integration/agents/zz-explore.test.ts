import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";
import { startResponsesApi } from "@/test/support/responses-api";
import { codexEnv } from "@/test/integration/agents/support/agent-envs";
import { useAgentSuite } from "@/test/integration/agents/support/agent-suite";

jest.setTimeout(120_000);
const suite = useAgentSuite("codex", () => startResponsesApi(), (api) => codexEnv(api));

it("explore", async () => {
  const first = await suite.run({ kind: "new" }, "Hello Codex");
  const id = first.outcome.sessionId!;
  const fork = await suite.run({ kind: "fork", fromSessionId: id }, "branch");
  const home = path.join(suite.sandbox.homeRoot, "codex");
  console.log(id, fork.outcome.sessionId, execSync(`find ${home} -type f | xargs ls -la`).toString());
  const forkFile = execSync(`find ${home}/sessions -name '*${fork.outcome.sessionId}*'`).toString().trim();
  console.log(fs.readFileSync(forkFile, "utf8").split("\n").map((l) => l.slice(0, 600)).join("\n"));
  fs.cpSync(home, "/tmp/codex-explore-home", { recursive: true });
});
