import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { monoNowMs } from "@/bench/lib/stats";
import { claudeStreamInput } from "@/server/agents/claude/claude-stream-input";

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
  // --input-format stream-json: the prompt is the first user message on stdin, written as Arbor writes it.
  return { argv, stdin: claudeStreamInput.userMessage(swap.prompt, randomUUID()) };
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

/**
 * The warm arm's counterpart: the same CLI spawned bare with a stream-json
 * launch's argv and stdin kept open, so a later message goes to the live
 * process as Arbor's warm Continue does. `send` stamps the write
 * (CLOCK_MONOTONIC ms); `turnEnded` resolves at the turn's `result` line.
 * With `prompt: null` it is started without a message, waiting for `send`;
 * `warmUp` sends it what Arbor sends a pre-started agent while it waits: the
 * warm-up request ("request"), or that and the priming message ("primed",
 * which ends in a result of its own).
 */
export function spawnBareWarm(launch: BareLaunch, swap: { sessionId: string; prompt: string | null; warmUp?: "request" | "primed" }, env: NodeJS.ProcessEnv) {
  const { argv, stdin } = bareArgv(launch, { sessionId: swap.sessionId, prompt: swap.prompt ?? "" });
  if (stdin === null) throw new Error("the launch does not take its prompt on stdin (no stream-json input): warm sessions are off?");
  const spawnedAt = monoNowMs();
  const child = spawn(argv[0], argv.slice(1), { cwd: launch.cwd, env, stdio: ["pipe", "pipe", "pipe"] });
  child.stdin!.on("error", () => {});
  // warmUp: what a pre-started agent is sent while it waits (claude-stream-input.ts): the request (its answer is no
  // result), then the priming message (its result is counted below like a message's).
  if (swap.warmUp) child.stdin!.write(claudeStreamInput.warmUp!(randomUUID()));
  if (swap.warmUp === "primed") child.stdin!.write(claudeStreamInput.prime!(randomUUID()));
  // prompt null: started and left waiting for its first message (a pre-started agent's bare counterpart).
  if (swap.prompt !== null) child.stdin!.write(stdin);
  let results = 0;
  let waiting: { count: number; resolve: () => void } | null = null;
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let i = buffered.indexOf("\n"); i >= 0; i = buffered.indexOf("\n")) {
      if (buffered.slice(0, i).includes('"type":"result"')) results++;
      buffered = buffered.slice(i + 1);
    }
    if (waiting && results >= waiting.count) waiting.resolve();
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let sent = (swap.prompt === null ? 0 : 1) + (swap.warmUp === "primed" ? 1 : 0);
  return {
    spawnedAt,
    /** Resolves when every message sent so far has its result. */
    turnEnded: () =>
      new Promise<void>((resolve, reject) => {
        if (results >= sent) return resolve();
        waiting = { count: sent, resolve };
        void exited.then((code) => reject(new Error(`bare warm process exited ${code}: ${stderr}`)));
      }),
    send(prompt: string): number {
      sent++;
      const line = claudeStreamInput.userMessage(prompt, randomUUID());
      const writtenAt = monoNowMs();
      child.stdin!.write(line);
      return writtenAt;
    },
    async close(): Promise<void> {
      child.stdin!.end();
      await exited;
    },
  };
}
