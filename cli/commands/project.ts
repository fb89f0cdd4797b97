// arbor project add | list | show | remove | clean → /api/projects…

import path from "node:path";
import type { Project, ProjectDetail, ProjectListResponse, WorktreeCleanup } from "@/lib/projects/types";
import type { ProjectCommand } from "../project-args";
import { println, seg, type Context } from "../context";
import { renderCleanup, renderProjectDetail, renderProjectList } from "../render/projects";

export async function projectCommand(ctx: Context, cmd: ProjectCommand): Promise<number> {
  switch (cmd.action) {
    case "list": {
      const list = await ctx.api.get<ProjectListResponse>("/api/projects");
      println(ctx.stdout, cmd.json ? JSON.stringify(list) : renderProjectList(list.items ?? [], list.defaultWorkspace, ctx.style));
      return 0;
    }
    case "show": {
      const project = await ctx.api.get<ProjectDetail>(`/api/projects/${seg(cmd.projectId.trim())}`);
      println(ctx.stdout, cmd.json ? JSON.stringify(project) : renderProjectDetail(project, ctx.style));
      return 0;
    }
    case "add": {
      const project = await ctx.api.post<Project>("/api/projects", {
        // The server resolves symlinks and checks the workspace roots.
        path: path.resolve(ctx.cwd, cmd.path),
        ...(cmd.projectName !== undefined ? { name: cmd.projectName } : {}),
        ...(cmd.baseBranch !== undefined ? { baseBranch: cmd.baseBranch } : {}),
        ...(cmd.agent !== undefined ? { defaultAgent: cmd.agent } : {}),
        ...(cmd.runHooksOnApply ? { runHooksOnApply: true } : {}),
      });
      if (cmd.json) println(ctx.stdout, JSON.stringify(project));
      else {
        const kind = project.isGitRepo ? `git repository, base branch ${project.baseBranch}` : "a directory (not git: runs there share its files)";
        println(ctx.stdout, `Registered ${project.id}: ${project.name} (${kind}) at ${project.path}`);
        if (project.runHooksOnApply) println(ctx.stdout, "Apply runs the repository's own hooks, filters and merge drivers.");
      }
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
