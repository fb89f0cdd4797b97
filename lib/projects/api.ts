// Typed calls for the projects API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type {
  CleanupWorktreesInput,
  CreateProjectInput,
  DeleteProjectResponse,
  Project,
  ProjectDetail,
  ProjectListResponse,
  UpdateProjectInput,
  WorktreeCleanup,
} from "./schema";

export function createProjectApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    list: (signal?: AbortSignal) => client.request<ProjectListResponse>("/api/projects", { signal }),
    /** The archived projects (hidden from `list`). */
    archived: (signal?: AbortSignal) => client.request<ProjectListResponse>("/api/projects", { query: { archived: "true" }, signal }),
    get: (id: string, signal?: AbortSignal) => client.request<ProjectDetail>(`/api/projects/${enc(id)}`, { signal }),
    create: (input: CreateProjectInput) => client.request<Project>("/api/projects", { method: "POST", body: input }),
    update: (id: string, input: UpdateProjectInput) => client.request<Project>(`/api/projects/${enc(id)}`, { method: "PATCH", body: input }),
    delete: (id: string) => client.request<DeleteProjectResponse>(`/api/projects/${enc(id)}`, { method: "DELETE" }),
    cleanup: (id: string, input: CleanupWorktreesInput) => client.request<WorktreeCleanup>(`/api/projects/${enc(id)}/cleanup`, { method: "POST", body: input }),
  };
}

export const projectApi = createProjectApi();
