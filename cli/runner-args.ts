// Arguments of `arbor runners` (every runner, its state and load) and
// `arbor runner drain <id>` (issue 24). Pure.

export type RunnerCommand = { name: "runners"; json: boolean } | { name: "runner"; action: "drain"; runnerId: string; json: boolean };

type Parsed = { ok: true; command: RunnerCommand } | { ok: false; message: string };

export function parseRunnersArgs(positionals: string[], json: boolean): Parsed {
  if (positionals.length > 0) return { ok: false, message: `unexpected argument "${positionals[0]}"` };
  return { ok: true, command: { name: "runners", json } };
}

/** `runner drain <id>`: the only action so far (the list is `arbor runners`). */
export function parseRunnerArgs(positionals: string[], json: boolean): Parsed {
  const [action, runnerId, extra] = positionals;
  if (action === undefined) return { ok: false, message: "missing action: arbor runner drain <id> (the list is arbor runners)" };
  if (action !== "drain") return { ok: false, message: `unknown action "${action}": arbor runner drain <id>` };
  if (runnerId === undefined || runnerId.trim() === "") return { ok: false, message: "missing runner id: arbor runner drain <id> (arbor runners lists them)" };
  if (extra !== undefined) return { ok: false, message: `unexpected argument "${extra}"` };
  return { ok: true, command: { name: "runner", action: "drain", runnerId: runnerId.trim(), json } };
}
