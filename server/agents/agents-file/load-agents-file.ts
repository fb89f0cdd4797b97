import fs from "node:fs";
import type { AgentDefinition } from "@/server/agents/types";
import {
  AGENT_ID,
  agentsFileSchema,
  builtInOverrideSchema,
  customAgentSchema,
  issueText,
  type BuiltInOverride,
} from "@/server/agents/agents-file/agents-file-schema";
import { customAgent } from "@/server/agents/agents-file/custom-agent";

// Reads and checks an agents file. Expected problems never throw: a file
// that is not JSON, or not shaped like one, gives a warning and no entries;
// an entry that is wrong gives a warning naming the field and is skipped,
// while the file's other entries still apply (and the built-ins always work).

export interface AgentsFileContents {
  overrides: Map<string, BuiltInOverride>;
  custom: AgentDefinition[];
  warnings: string[];
}

export function readAgentsFile(file: string, builtInIds: ReadonlySet<string>): AgentsFileContents {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    return { overrides: new Map(), custom: [], warnings: [`Agents file ${file} cannot be read: ${(error as Error).message}`] };
  }
  return parseAgentsFile(text, file, builtInIds);
}

export function parseAgentsFile(text: string, source: string, builtInIds: ReadonlySet<string>): AgentsFileContents {
  const result: AgentsFileContents = { overrides: new Map(), custom: [], warnings: [] };
  const warn = (message: string) => result.warnings.push(`Agents file ${source}: ${message}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    warn(`not valid JSON (${(error as Error).message}); only the built-in agents are available`);
    return result;
  }
  const file = agentsFileSchema.safeParse(json);
  if (!file.success) {
    for (const issue of file.error.issues) warn(`${issueText("", issue).replace(/^[.:]\s*/, "")}; only the built-in agents are available`);
    return result;
  }
  for (const [id, entry] of Object.entries(file.data.agents)) {
    if (builtInIds.has(id)) {
      const override = builtInOverrideSchema.safeParse(entry);
      if (override.success) result.overrides.set(id, override.data);
      else for (const issue of override.error.issues) warn(`${issueText(`agents.${id}`, issue)} (override ignored)`);
      continue;
    }
    if (!AGENT_ID.test(id)) {
      warn(`agents.${id}: an agent id is lower-case letters, digits and "-", starting with a letter (at most 40) (agent ignored)`);
      continue;
    }
    const spec = customAgentSchema.safeParse(entry);
    if (spec.success) result.custom.push(customAgent(id, spec.data, source));
    else for (const issue of spec.error.issues) warn(`${issueText(`agents.${id}`, issue)} (agent ignored)`);
  }
  return result;
}
