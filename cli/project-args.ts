// Arguments of `arbor project …`, `arbor diff` and `arbor apply`: argv → a typed command, or a usage error. Pure.

export type ProjectCommand =
  | { name: "project"; action: "list"; json: boolean }
  | { name: "project"; action: "show" | "remove"; projectId: string; json: boolean }
  | { name: "project"; action: "clean"; projectId: string; deleteBranches: boolean; json: boolean }
  | {
      name: "project";
      action: "add";
      path: string;
      projectName?: string;
      baseBranch?: string;
      agent?: string;
      /** Apply runs the repository's own hooks (off unless given). */
      runHooksOnApply?: boolean;
      json: boolean;
    };

export type DiffCommand = { name: "diff"; executionId: string; otherId?: string; stat: boolean; json: boolean };
export type ApplyCommand = { name: "apply"; executionId: string; squash: boolean; message?: string; json: boolean };

export const PROJECT_ACTIONS = ["add", "list", "show", "remove", "clean"] as const;

type Values = Record<string, string | boolean | undefined>;
type Parsed<C> = { ok: true; command: C } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

export function parseProjectArgs(positionals: string[], values: Values): Parsed<ProjectCommand> {
  // `arbor project` / `arbor projects` alone lists them.
  const [action = "list", ...args] = positionals;
  const json = values.json === true;
  const addOnly = (["name", "base-branch", "agent"] as const).find((key) => typeof values[key] === "string" && action !== "add");
  if (addOnly) return fail(`--${addOnly} only goes with add`);
  if (values["delete-branches"] === true && action !== "clean") return fail("--delete-branches only goes with clean");
  if (values["run-hooks-on-apply"] === true && action !== "add") return fail("--run-hooks-on-apply only goes with add");
  for (const key of ["name", "base-branch", "agent"] as const) {
    if (typeof values[key] === "string" && (values[key] as string).trim() === "") return fail(`--${key} needs a value`);
  }
  const extra = (from: number) => (args.length > from ? fail(`unexpected argument "${args[from]}"`) : null);
  switch (action) {
    case "list":
    case "ls":
      return extra(0) ?? { ok: true, command: { name: "project", action: "list", json } };
    case "show":
    case "remove":
    case "rm":
      if (!args[0]) return fail("missing project id (e.g. PROJ-1)");
      return extra(1) ?? { ok: true, command: { name: "project", action: action === "rm" ? "remove" : action, projectId: args[0], json } };
    case "clean":
      if (!args[0]) return fail("missing project id (e.g. PROJ-1)");
      return (
        extra(1) ?? { ok: true, command: { name: "project", action: "clean", projectId: args[0], deleteBranches: values["delete-branches"] === true, json } }
      );
    case "add": {
      if (!args[0]) return fail("missing the directory to register");
      const optional = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : undefined);
      const [projectName, baseBranch, agent] = [optional("name"), optional("base-branch"), optional("agent")];
      return (
        extra(1) ?? {
          ok: true,
          command: {
            name: "project",
            action: "add",
            path: args[0],
            ...(projectName !== undefined ? { projectName } : {}),
            ...(baseBranch !== undefined ? { baseBranch } : {}),
            ...(agent !== undefined ? { agent } : {}),
            ...(values["run-hooks-on-apply"] === true ? { runHooksOnApply: true } : {}),
            json,
          },
        }
      );
    }
    default:
      return fail(`unknown action "${action}": one of ${PROJECT_ACTIONS.join(", ")}`);
  }
}

export function parseDiffArgs(positionals: string[], values: Values): Parsed<DiffCommand> {
  const [executionId, otherId, ...rest] = positionals;
  if (!executionId) return fail("missing execution id");
  if (rest.length > 0) return fail(`unexpected argument "${rest[0]}"`);
  return { ok: true, command: { name: "diff", executionId, ...(otherId ? { otherId } : {}), stat: values.stat === true, json: values.json === true } };
}

export function parseApplyArgs(positionals: string[], values: Values): Parsed<ApplyCommand> {
  const [executionId, ...rest] = positionals;
  if (!executionId) return fail("missing execution id");
  if (rest.length > 0) return fail(`unexpected argument "${rest[0]}"`);
  const message = typeof values.message === "string" ? values.message : undefined;
  if (message !== undefined && message.trim() === "") return fail("--message needs a value");
  return {
    ok: true,
    command: { name: "apply", executionId, squash: values.squash === true, ...(message !== undefined ? { message } : {}), json: values.json === true },
  };
}
