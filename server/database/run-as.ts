import { spawn, type ChildProcess } from "node:child_process";
import { inheritedEnv } from "@/server/config/load-config";
import type { ServerUser } from "./server-os-user";

// Spawns a PostgreSQL binary as the server user (when we are root) with
// English messages, so errors we relay are readable whatever the host locale.
export function spawnAsServerUser(file: string, args: string[], user: ServerUser | undefined): ChildProcess {
  return spawn(file, args, {
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: Ctrl-C in the terminal reaches Arbor, which stops the
    // database itself once the runner and the web app are done with it (not before).
    detached: true,
    env: { ...inheritedEnv(), LC_MESSAGES: "C", LANG: "C" },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
}

/** Keeps the last lines a process printed, to explain a failure without flooding normal logs. */
export function captureOutput(child: ChildProcess, log: ((line: string) => void) | undefined, keep = 40): () => string {
  const tail: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      log?.(line);
      tail.push(line);
      if (tail.length > keep) tail.shift();
    }
  };
  // Always drain both pipes: a full pipe would block the server.
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return () => tail.join("\n");
}

/** Runs a binary to completion, rejecting with its output when it fails. */
export function runToCompletion(file: string, args: string[], user: ServerUser | undefined, log?: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnAsServerUser(file, args, user);
    const output = captureOutput(child, log);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${file} failed (${signal ?? `exit code ${code}`}):\n${output()}`));
    });
  });
}
