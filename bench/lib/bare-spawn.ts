import { spawn } from "node:child_process";
import { monoNowMs } from "@/bench/lib/stats";

// The same agent CLI Arbor launched, spawned bare with the same argv (only
// the session id and the prompt swapped), so "Arbor's overhead over a bare
// spawn" is one subtraction: what the CLI itself needs to start and reach the
// model is in both arms.

export type BareLaunch = { argv: string[]; cwd: string };

/** The argv with `--session-id` / `--resume` values and the prompt replaced; a stream-json launch gets the prompt on stdin. */
export function bareArgv(launch: BareLaunch, swap: { sessionId?: string; resume?: string; prompt: string }): { argv: string[]; stdin: string | null } {
  const argv = [...launch.argv];
  const set = (flag: string, value: string | undefined) => {
    const i = argv.indexOf(flag);
    if (i >= 0 && value !== undefined) argv[i + 1] = value;
  };
  set("--session-id", swap.sessionId);
  set("--resume", swap.resume);
  const dashes = argv.indexOf("--");
  if (dashes >= 0) {
    argv[dashes + 1] = swap.prompt;
    return { argv, stdin: null };
  }
  // --input-format stream-json: the prompt is the first user message on stdin.
  const message = { type: "user", message: { role: "user", content: [{ type: "text", text: swap.prompt }] }, parent_tool_use_id: null, session_id: "" };
  return { argv, stdin: `${JSON.stringify(message)}\n` };
}

/** Spawns it; `spawnedAt` is taken right before spawn() (CLOCK_MONOTONIC ms); `exited` resolves with the exit code. */
export function spawnBare(
  launch: BareLaunch,
  swap: Parameters<typeof bareArgv>[1],
  env: NodeJS.ProcessEnv,
): { spawnedAt: number; exited: Promise<number | null> } {
  const { argv, stdin } = bareArgv(launch, swap);
  const spawnedAt = monoNowMs();
  const child = spawn(argv[0], argv.slice(1), { cwd: launch.cwd, env, stdio: [stdin === null ? "ignore" : "pipe", "ignore", "pipe"] });
  if (stdin !== null) {
    child.stdin!.on("error", () => {});
    // Closing stdin after the one message: the CLI answers it, then exits.
    child.stdin!.end(stdin);
  }
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      if (code !== 0) console.error(`bare spawn exited ${code}: ${stderr}`);
      resolve(code);
    }),
  );
  return { spawnedAt, exited };
}
