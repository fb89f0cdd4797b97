import { spawn, type ChildProcess } from "node:child_process";

// The start script supervises a few long-lived children (web server, runner).
// If one dies the whole app stops, loudly, rather than limping on half-alive.
export type Supervisor = {
  start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess;
  stopAll(signal?: NodeJS.Signals): Promise<void>;
  onUnexpectedExit(handler: (name: string, code: number | null, signal: NodeJS.Signals | null) => void): void;
};

export function createSupervisor(cwd: string): Supervisor {
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  // However this process ends (a crash included), its children end with it rather than live on orphaned.
  process.once("exit", () => {
    for (const child of children.values()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  let exitHandler: (name: string, code: number | null, signal: NodeJS.Signals | null) => void = () => {};
  return {
    start(name, command, args, env) {
      const child = spawn(command, args, { cwd, env, stdio: "inherit" });
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
              const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
              child.once("exit", () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill(signal);
            }),
        ),
      );
    },
    onUnexpectedExit(handler) {
      exitHandler = handler;
    },
  };
}
