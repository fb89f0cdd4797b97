"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { projectApi } from "./api";
import type { CleanupWorktreesInput, CreateProjectInput, UpdateProjectInput } from "./schema";

export function useProjects() {
  return useQuery({ queryKey: queryKeys.projects.list(), queryFn: ({ signal }) => projectApi.list(signal) });
}

/** The archived projects, asked for only when `enabled` (the list shows them on request). */
export function useArchivedProjects(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.projects.archived(), queryFn: ({ signal }) => projectApi.archived(signal), enabled });
}

/** A project with its live facts (repository state, worktrees, disk use); "default" is the default workspace. */
export function useProject(id: string) {
  return useQuery({ queryKey: queryKeys.projects.detail(id), queryFn: ({ signal }) => projectApi.get(id, signal) });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => projectApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.list() }),
  });
}

/** Edits a project (PATCH); its page and the list are read again. */
export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProjectInput) => projectApi.update(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => projectApi.delete(id),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects.detail(result.id), refetchType: "none" });
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects.list() });
    },
  });
}

/** Removes the worktrees of the project's archived sessions; the project's facts (worktrees, disk) are read again. */
export function useCleanupWorktrees(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CleanupWorktreesInput) => projectApi.cleanup(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.detail(id) }),
  });
}
