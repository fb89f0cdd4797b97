// Runs that edit files, for tests of worktrees per line of work: a git
// project outside the harness's workspace (h.projects), stand-in turns that run one Bash
// command through the real Claude CLI, and what the agent's tools saw.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Project } from "@/lib/projects/schema";
import { createProject } from "@/server/projects/create-project";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { isToolResultTurn, lastUserText, type Reply, type RecordedRequest } from "@/test/support/messages-api";
import { historyText, type StandIn } from "@/test/support/turn-script";

/** A git repository at `<dir>/<name>` on branch main with `files` committed, registered as a project. */
export async function gitProject(dir: string, name = "app", files: Record<string, string> = { "README.md": "# app\n" }): Promise<Project> {
  const repo = path.join(dir, name);
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch=main");
  writeFiles(repo, files);
  commitAll(repo, "initial commit");
  const created = await createProject({ path: repo });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** A plain directory (not git) registered as a project. */
export async function plainProject(dir: string, name = "notes"): Promise<Project> {
  const directory = path.join(dir, name);
  mkdirSync(directory, { recursive: true });
  const created = await createProject({ path: directory });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** The turn runs `command` with the Bash tool in the agent's cwd, then says `done`. */
export function bashTurn(command: string, done = "Done."): (request: RecordedRequest) => Reply {
  return (request) =>
    isToolResultTurn(request)
      ? { kind: "text", text: done }
      : { kind: "tool_use", calls: [{ name: "Bash", input: { command, description: "Edit the files" } }] };
}

/** Scripts each prompt as a turn that runs its command. */
export function scriptBashTurns(standIn: StandIn, turns: Record<string, string>): void {
  for (const [prompt, command] of Object.entries(turns)) standIn.on(prompt, bashTurn(command));
}

/** What the agent's tool printed in the turn with this prompt (the tool result the CLI sent back). */
export function toolOutputOf(standIn: StandIn, prompt: string): string {
  const results = standIn.api.requests.filter((r) => isToolResultTurn(r) && historyText(r).includes(prompt));
  if (results.length === 0) throw new Error(`no tool result in the turn "${prompt}"`);
  return lastUserText(results[results.length - 1]!);
}

export const readIn = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8");

/** `git status --porcelain` of a checkout: "" when nothing changed there. */
export const gitStatus = (dir: string) => execFileSync("git", ["status", "--porcelain"], { cwd: dir, encoding: "utf8" }).trim();
