import fs from "node:fs/promises";
import path from "node:path";
import { isObject, type Json } from "@/server/agents/json-line";

// Makes an agent's isolated config home ready before it is probed or run:
// the directory, and the JSON settings Arbor needs in it merged into what is
// there (so a person's own settings in that home survive). Idempotent.

export type HomePreparation = { ok: true } | { ok: false; message: string };

export async function prepareAgentHome(dir: string, settings: Array<{ path: string; merge: Record<string, unknown> }>): Promise<HomePreparation> {
  try {
    await fs.mkdir(dir, { recursive: true });
    for (const file of settings) {
      let current: Json = {};
      try {
        const parsed: unknown = JSON.parse(await fs.readFile(file.path, "utf8"));
        if (!isObject(parsed)) return { ok: false, message: `${file.path} is not a JSON object; fix or remove it` };
        current = parsed;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOENT") return { ok: false, message: `${file.path} is not valid JSON (${(error as Error).message}); fix or remove it` };
      }
      const merged = deepMerge(current, file.merge);
      if (JSON.stringify(merged) === JSON.stringify(current)) continue;
      await fs.mkdir(path.dirname(file.path), { recursive: true });
      await fs.writeFile(file.path, `${JSON.stringify(merged, null, 2)}\n`);
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, message: `Cannot prepare the agent's home ${dir}: ${(error as Error).message}` };
  }
}

function deepMerge(base: Json, extra: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(extra)) out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key] as Json, value) : value;
  return out;
}
