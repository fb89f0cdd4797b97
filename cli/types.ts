// The API shapes the CLI reads are the shared schemas' (lib/executions/schema.ts).
// The CLI reads them defensively all the same: a server of another version
// may lack a field or send null, and unknown statuses, edges and log entry
// kinds are printed as they come. So here every field but `id` is optional
// and nullable.
import { TERMINAL_STATUSES as TERMINAL } from "@/lib/executions/types";
import type { ExecutionDto, ExecutionEventPage, SessionTreeNode } from "@/lib/executions/schema";
import type { GroupDto, GroupListItem } from "@/lib/groups/schema";

/** A field as the CLI trusts it: any string (not only the known ones), nested objects loose too. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer U)[]
        ? Widen<U>[]
        : T extends object
          ? Loose<T>
          : T;

/** A response object as the CLI trusts it: any field may be missing or null. */
export type Loose<T> = { [K in keyof T]?: Widen<T[K]> | null };

export type Execution = Loose<ExecutionDto> & { id: string };

export type TreeNode = Loose<Omit<SessionTreeNode, "children">> & { id: string; children?: TreeNode[] | null };

/** Statuses after which an execution never changes again. */
export const TERMINAL_STATUSES: readonly string[] = [...TERMINAL];

/** `event: entry` payload. */
export type EntryEventData = Loose<ExecutionEventPage["events"][number]>;

/** A fan-out group (GET /api/groups/:id), as loosely as the rest. */
export type Group = Loose<GroupDto> & { id: string };
export type GroupMember = NonNullable<NonNullable<Group["members"]>[number]>;
/** An item of GET /api/issues/:id/groups. */
export type GroupListEntry = Loose<GroupListItem> & { id: string };
