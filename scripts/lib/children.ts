import { spawn, type ChildProcess } from "node:child_process";
import type { Writable } from "node:stream";

// The start script supervises a few long-lived children (the web server).
// If one dies the whole app stops, loudly, rather than limping on half-alive.
export type Supervisor = {
  start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, options?: StartOptions): ChildProcess;
  /** Lets a child started `gated` serve (scripts/lib/web-gate.cjs reads this on its fd 3). */
  openGate(name: string): void;
  /** Stops one child (its process group), as planned: no unexpected-exit alarm. */
  stop(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Signals every child's process group, and kills what is left after the grace period. */
  stopAll(signal?: NodeJS.Signals): Promise<void>;
  onUnexpectedExit(handler: (name: string, code: number | null, signal: NodeJS.Signals | null) => void): void;
};

export type StartOptions = {
  /** A pipe on the child's fd 3 that stays closed to requests until openGate (the web server started before the schema is proven current). */
  gated?: boolean;
};

export type SupervisorOptions = {
  /** How long a child may take to stop after the signal before it is killed (default 10 s). */
  stopGraceMs?: number;
};

export function createSupervisor(cwd: string, options: SupervisorOptions = {}): Supervisor {
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const children = new Map<string, ChildProcess>();
  /** Children being stopped on purpose: their exit is no alarm. */
  const expected = new Set<ChildProcess>();
  let stopping = false;
  const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const stopChild = (child: ChildProcess, signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      expected.add(child);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => signalGroup(child, "SIGKILL"), stopGraceMs);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      signalGroup(child, signal);
    });
  // However this process ends (a crash included), its children end with it rather than live on orphaned.
  process.once("exit", () => {
    for (const child of children.values()) if (child.exitCode === null && child.signalCode === null) signalGroup(child, "SIGTERM");
  });
  let exitHandler: (name: string, code: number | null, signal: NodeJS.Signals | null) => void = () => {};
  return {
    start(name, command, args, env, startOptions = {}) {
      // A process group of its own: Ctrl-C in the terminal reaches only the
      // start script, which stops the children in order (scripts/start.ts).
      // No stdin: a background process group reading the terminal would be stopped.
      const stdio = startOptions.gated ? (["ignore", "inherit", "inherit", "pipe"] as const) : (["ignore", "inherit", "inherit"] as const);
      const child = spawn(command, args, { cwd, env, stdio: [...stdio], detached: true });
      children.set(name, child);
      // A gate pipe whose reader died must not end this process (EPIPE).
      (child.stdio[3] as Writable | null)?.on("error", () => {});
      child.on("exit", (code, signal) => {
        if (children.get(name) === child) children.delete(name);
        if (!stopping && !expected.has(child)) exitHandler(name, code, signal);
      });
      return child;
    },
    openGate(name) {
      const gate = children.get(name)?.stdio[3] as Writable | null | undefined;
      gate?.end("open\n");
    },
    async stop(name, signal = "SIGTERM") {
      const child = children.get(name);
      if (child) await stopChild(child, signal);
    },
    async stopAll(signal = "SIGTERM") {
      stopping = true;
      await Promise.all([...children.values()].map((child) => stopChild(child, signal)));
    },
    onUnexpectedExit(handler) {
      exitHandler = handler;
    },
  };
}
