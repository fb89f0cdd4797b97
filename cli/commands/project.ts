// arbor project add | edit | list | show | archive | unarchive | remove | clean → /api/projects…

import path from "node:path";
import type { CreateProjectInput, Project, ProjectDetail, ProjectListResponse, UpdateProjectInput, WorktreeCleanup } from "@/lib/projects/schema";
import type { ProjectCommand, ProjectSettings } from "../project-args";
import { println, seg, type Context } from "../context";
import { renderCleanup, renderProjectDetail, renderProjectList } from "../render/projects";

export async function projectCommand(ctx: Context, cmd: ProjectCommand): Promise<number> {
  switch (cmd.action) {
    case "list": {
      const list = await ctx.api.get<ProjectListResponse>(cmd.archived ? "/api/projects?archived=true" : "/api/projects");
      println(ctx.stdout, cmd.json ? JSON.stringify(list) : renderProjectList(list.items ?? [], cmd.archived ? undefined : list.defaultWorkspace, ctx.style));
      return 0;
    }
    case "show": {
      const project = await ctx.api.get<ProjectDetail>(`/api/projects/${seg(cmd.projectId.trim())}`);
      println(ctx.stdout, cmd.json ? JSON.stringify(project) : renderProjectDetail(project, ctx.style));
      return 0;
    }
    case "add": {
      // `add` never clears (null is edit's): what is given is set.
      const { defaultAgent, permissions, ...given } = settingsBody(cmd);
      const body: CreateProjectInput = {
        // Any directory: registering it is your consent to agents working there (in worktrees of it).
        path: path.resolve(ctx.cwd, cmd.path),
        ...given,
        ...(defaultAgent ? { defaultAgent } : {}),
        ...(permissions ? { permissions } : {}),
      };
      const project = await ctx.api.post<Project>("/api/projects", body);
      if (cmd.json) println(ctx.stdout, JSON.stringify(project));
      else {
        const kind = project.isGitRepo ? `git repository, base branch ${project.baseBranch}` : "a directory (not git: runs there share its files)";
        println(ctx.stdout, `Registered ${project.id}: ${project.name} (${kind}) at ${project.path}`);
        if (project.runHooksOnApply) println(ctx.stdout, "Apply runs the repository's own hooks, filters and merge drivers.");
        if (project.mcp === false) println(ctx.stdout, "Its runs do not get Arbor's MCP server (arbor project edit --mcp turns it on).");
      }
      return 0;
    }
    case "edit": {
      const body: UpdateProjectInput = settingsBody(cmd);
      const project = await ctx.api.request<Project>("PATCH", `/api/projects/${seg(cmd.projectId.trim())}`, body);
      println(ctx.stdout, cmd.json ? JSON.stringify(project) : `Changed ${project.id}: ${project.name}`);
      return 0;
    }
    case "archive":
    case "unarchive": {
      const archived = cmd.action === "archive";
      const project = await ctx.api.request<Project>("PATCH", `/api/projects/${seg(cmd.projectId.trim())}`, { archived });
      println(
        ctx.stdout,
        cmd.json
          ? JSON.stringify(project)
          : archived
            ? `Archived ${project.id} (${project.name}): hidden from lists and pickers, no new runs; its specs, issues, executions and worktrees are kept. Bring it back: arbor project unarchive ${project.id}`
            : `Unarchived ${project.id} (${project.name}): listed again, and runs may start there.`,
      );
      return 0;
    }
    case "clean": {
      const cleaned = await ctx.api.post<WorktreeCleanup>(
        `/api/projects/${seg(cmd.projectId.trim())}/cleanup`,
        cmd.deleteBranches ? { deleteBranches: true } : {},
      );
      println(ctx.stdout, cmd.json ? JSON.stringify(cleaned) : renderCleanup(cleaned, ctx.style));
      return 0;
    }
    case "remove": {
      const removed = await ctx.api.request<{ id: string }>("DELETE", `/api/projects/${seg(cmd.projectId.trim())}`, undefined);
      println(ctx.stdout, cmd.json ? JSON.stringify(removed) : `Removed ${removed.id} (its directory and repository are untouched)`);
      return 0;
    }
  }
}

/** The API fields for what `add` / `edit` were given (only those). */
function settingsBody(s: ProjectSettings) {
  return {
    ...(s.projectName !== undefined ? { name: s.projectName } : {}),
    ...(s.baseBranch !== undefined ? { baseBranch: s.baseBranch } : {}),
    ...(s.agent !== undefined ? { defaultAgent: s.agent } : {}),
    ...(s.runHooksOnApply !== undefined ? { runHooksOnApply: s.runHooksOnApply } : {}),
    ...(s.mcp !== undefined ? { mcp: s.mcp } : {}),
    ...(s.permissions !== undefined ? { permissions: s.permissions } : {}),
    ...(s.loop ?? {}),
  };
}
