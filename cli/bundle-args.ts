// Arguments of `arbor bundle <action> …`: argv → a typed command, or a usage error. Pure.

/** `arbor bundle <action> …` */
export type BundleCommand =
  | { name: "bundle"; action: "list"; json: boolean }
  | { name: "bundle"; action: "show" | "export"; bundleId: string; json: boolean }
  | { name: "bundle"; action: "create"; bundleName: string; description?: string; json: boolean }
  | { name: "bundle"; action: "add"; bundleId: string; items: string[]; json: boolean }
  | { name: "bundle"; action: "import"; file: string; json: boolean }
  | { name: "bundle"; action: "load"; bundleId: string; prompt: string; follow: boolean; json: boolean };

export const BUNDLE_ACTIONS = ["list", "show", "create", "add", "export", "import", "load"] as const;

type Parsed<C> = { ok: true; command: C } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });
const ok = (command: BundleCommand): Parsed<BundleCommand> => ({ ok: true, command });

export function parseBundleArgs(positionals: string[], values: Record<string, string | boolean | undefined>): Parsed<BundleCommand> {
  const [action, ...args] = positionals;
  const json = values.json === true;
  if (!action) return fail(`missing action: one of ${BUNDLE_ACTIONS.join(", ")}`);
  const needId = (what = "bundle id (e.g. BUNDLE-1)") => (args[0] ? null : fail(`missing ${what}`));
  const extra = (from: number) => (args.length > from ? fail(`unexpected argument "${args[from]}"`) : null);
  if (typeof values.description === "string" && action !== "create") return fail("--description only goes with create");
  if (values.follow === true && action !== "load") return fail("--follow only goes with load");
  switch (action) {
    case "list":
      return extra(0) ?? ok({ name: "bundle", action, json });
    case "show":
    case "export":
      return needId() ?? extra(1) ?? ok({ name: "bundle", action, bundleId: args[0]!, json });
    case "create": {
      const bundleName = args.join(" ");
      if (bundleName.trim() === "") return fail("missing bundle name");
      const description = values.description as string | undefined;
      return ok({ name: "bundle", action, bundleName, ...(description !== undefined ? { description } : {}), json });
    }
    case "add":
      if (!args[0]) return needId()!;
      if (args.length < 2) return fail("missing items to add (SESS-1, SPEC-2, ISSUE-3 or a commit SHA)");
      return ok({ name: "bundle", action, bundleId: args[0], items: args.slice(1), json });
    case "import":
      return needId('file to import ("-" reads stdin)') ?? extra(1) ?? ok({ name: "bundle", action, file: args[0]!, json });
    case "load": {
      if (!args[0]) return needId()!;
      const prompt = args.slice(1).join(" ");
      if (prompt.trim() === "") return fail("missing prompt");
      return ok({ name: "bundle", action, bundleId: args[0], prompt, follow: values.follow === true, json });
    }
    default:
      return fail(`unknown action "${action}": one of ${BUNDLE_ACTIONS.join(", ")}`);
  }
}
