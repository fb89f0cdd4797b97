// arbor bundle list | show | create | add | export | import | load → /api/bundles…

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BundleCommand } from "../args";
import { println, seg, type Context } from "../context";
import { paint } from "../render/style";
import { renderBundle, renderBundleList, type BundleRow } from "../render/bundles";
import { renderCreated } from "../render/execution";
import { listItems } from "../render/list";
import type { Execution } from "../types";
import { UsageError, resolvePrompt } from "./create";
import { followExecution } from "./follow";

/** A bare id's type, read from its shape (the API does the same with strings). */
export function itemFromArg(raw: string): { type: string; id: string } | string {
  const text = raw.trim();
  const prefix = /^([a-z]+)-/i.exec(text)?.[1]?.toUpperCase();
  if (prefix === "SESS") return { type: "session", id: text };
  if (prefix === "SPEC") return { type: "spec", id: text };
  if (prefix === "ISSUE") return { type: "issue", id: text };
  if (/^[0-9a-f]{7,40}$/i.test(text)) return { type: "commit", id: text };
  // Unrecognised: sent as it is, for the API to explain.
  return text;
}

export async function bundleCommand(ctx: Context, cmd: BundleCommand): Promise<number> {
  switch (cmd.action) {
    case "list": {
      const items = listItems(await ctx.api.get<unknown>("/api/bundles")) as BundleRow[];
      if (cmd.json) println(ctx.stdout, JSON.stringify(items));
      else println(ctx.stdout, items.length ? renderBundleList(items, ctx.style) : "No bundles.");
      return 0;
    }
    case "show": {
      const bundle = await ctx.api.get<BundleRow>(`/api/bundles/${seg(cmd.bundleId)}`);
      println(ctx.stdout, cmd.json ? JSON.stringify(bundle) : renderBundle(bundle, ctx.style));
      return 0;
    }
    case "create": {
      const bundle = await ctx.api.post<BundleRow>("/api/bundles", {
        name: cmd.bundleName,
        ...(cmd.description !== undefined ? { description: cmd.description } : {}),
      });
      if (cmd.json) println(ctx.stdout, JSON.stringify(bundle));
      else println(ctx.stdout, `Created ${bundle.id}: ${bundle.name}`);
      return 0;
    }
    case "add": {
      const bundle = await ctx.api.post<BundleRow>(`/api/bundles/${seg(cmd.bundleId)}/items`, { items: cmd.items.map(itemFromArg) });
      println(ctx.stdout, cmd.json ? JSON.stringify(bundle) : renderBundle(bundle, ctx.style));
      return 0;
    }
    case "export": {
      // Exactly the API's document, so `arbor bundle export B > f.json` round-trips.
      const document = await ctx.api.get<unknown>(`/api/bundles/${seg(cmd.bundleId)}/export`);
      println(ctx.stdout, JSON.stringify(document, null, 2));
      return 0;
    }
    case "import": {
      const text = cmd.file === "-" ? await ctx.readStdin() : await readImportFile(path.resolve(ctx.cwd, cmd.file));
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch {
        throw new UsageError(`${cmd.file === "-" ? "stdin" : cmd.file} is not JSON (expected a file from \`arbor bundle export\`)`);
      }
      const bundle = await ctx.api.post<BundleRow>("/api/bundles/import", document);
      if (cmd.json) println(ctx.stdout, JSON.stringify(bundle));
      else println(ctx.stdout, [`Imported as ${bundle.id}: ${bundle.name}`, ...renderBundle(bundle, ctx.style).slice(1)]);
      return 0;
    }
    case "load": {
      const prompt = await resolvePrompt(ctx, cmd.prompt);
      const result = await ctx.api.post<{ mode?: string; sessionId?: string | null; execution?: Execution }>(
        `/api/bundles/${seg(cmd.bundleId)}/load`,
        { prompt },
        { idempotent: true },
      );
      const exec = result?.execution;
      if (!exec || typeof exec.id !== "string") throw new Error(`unexpected answer from POST /api/bundles/${cmd.bundleId}/load: no execution`);
      if (cmd.json) println(ctx.stdout, JSON.stringify(cmd.follow ? { event: "load", data: result } : result));
      else {
        println(ctx.stdout, renderCreated(exec, ctx.style));
        println(
          ctx.stdout,
          paint(
            ctx.style,
            result.mode === "continue"
              ? `  continues ${result.sessionId} with ${cmd.bundleId}'s context`
              : `  a new session on ${exec.issueId} with ${cmd.bundleId}'s context`,
            "dim",
          ),
        );
      }
      if (!cmd.follow) return 0;
      return followExecution(ctx, exec.id, { json: cmd.json, known: exec });
    }
  }
}

async function readImportFile(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
