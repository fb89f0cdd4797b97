import { GET as listRoute } from "@/app/api/sessions/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/sessions/[id]/route";
import { GET as backlinksRoute } from "@/app/api/references/route";
import { GET as resolveRoute } from "@/app/api/references/resolve/route";
import type { BacklinksResponse, ResolveReferencesResponse } from "@/lib/references/schema";
import type { SessionDetail, SessionSummary } from "@/lib/sessions/schema";
import { send, type ApiResult } from "@/test/support/api";

// The sessions and references API, each call through the real route handler.

const q = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return s ? `?${s}` : "";
};

export const sessionsApi = {
  list: (params: Record<string, string | undefined> = {}) => send<{ items: SessionSummary[] }>(listRoute, { path: `/api/sessions${q(params)}` }),
  get: (ref: string) => send<SessionDetail>(getRoute, { id: ref, path: `/api/sessions/${encodeURIComponent(ref)}` }),
  patch: (ref: string, body: unknown): Promise<ApiResult<SessionDetail>> =>
    send<SessionDetail>(patchRoute, {
      id: ref,
      method: "PATCH",
      path: `/api/sessions/${encodeURIComponent(ref)}`,
      ...(typeof body === "string" ? { rawBody: body } : { body }),
    }),
  backlinks: (target: string) => send<BacklinksResponse>(backlinksRoute, { path: `/api/references${q({ target })}` }),
  resolve: (ids: string[]) => send<ResolveReferencesResponse>(resolveRoute, { path: `/api/references/resolve${q({ ids: ids.join(",") })}` }),
};
