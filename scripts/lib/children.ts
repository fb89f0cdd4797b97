import { spawn, type ChildProcess } from "node:child_process";

// The start script supervises a few long-lived children (the web server).
// If one dies the whole app stops, loudly, rather than limping on half-alive.
export type Supervisor = {
  start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess;
  /** Signals every child's process group, and kills what is left after the grace period. */
  stopAll(signal?: NodeJS.Signals): Promise<void>;
  onUnexpectedExit(handler: (name: string, code: number | null, signal: NodeJS.Signals | null) => void): void;
};

export type SupervisorOptions = {
  /** How long a child may take to stop after the signal before it is killed (default 10 s). */
  stopGraceMs?: number;
};

export function createSupervisor(cwd: string, options: SupervisorOptions = {}): Supervisor {
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  // However this process ends (a crash included), its children end with it rather than live on orphaned.
  process.once("exit", () => {
    for (const child of children.values()) if (child.exitCode === null && child.signalCode === null) signalGroup(child, "SIGTERM");
  });
  let exitHandler: (name: string, code: number | null, signal: NodeJS.Signals | null) => void = () => {};
  return {
    start(name, command, args, env) {
      // A process group of its own: Ctrl-C in the terminal reaches only the
      // start script, which stops the children in order (scripts/start.ts).
      // No stdin: a background process group reading the terminal would be stopped.
      const child = spawn(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"], detached: true });
      children.set(name, child);
      child.on("exit", (code, signal) => {
        children.delete(name);
        if (!stopping) exitHandler(name, code, signal);
      });
      return child;
    },
    async stopAll(signal = "SIGTERM") {
      stopping = true;
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const timer = setTimeout(() => signalGroup(child, "SIGKILL"), stopGraceMs);
              child.once("exit", () => {
                clearTimeout(timer);
                resolve();
              });
              signalGroup(child, signal);
            }),
        ),
      );
    },
    onUnexpectedExit(handler) {
      exitHandler = handler;
    },
  };
}
