import { spawn } from "node:child_process";
import { isSameProcess, killGroupIfSame, readProcessIdentity } from "@/server/runner/agent-io/process-identity";

function exited(child: ReturnType<typeof spawn>): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
}

describe("process identity", () => {
  it("reads pid, process group and start time of a live process", () => {
    const self = readProcessIdentity(process.pid)!;
    expect(self.pid).toBe(process.pid);
    expect(self.pgid).toBeGreaterThan(0);
    expect(self.startTicks).toBeGreaterThan(0n);
    expect(readProcessIdentity(process.pid)).toEqual(self);
    expect(readProcessIdentity(2 ** 22 + 12345)).toBeNull();
  });

  it("kills the recorded group while pid and start time match, and never a process that only shares the pid", async () => {
    // A detached shell leads its own group, like an agent, with a child in it.
    const child = spawn("/bin/sh", ["-c", "sleep 30 & wait"], { detached: true, stdio: "ignore" });
    const done = exited(child);
    const identity = readProcessIdentity(child.pid!)!;
    expect(identity.pgid).toBe(child.pid);

    const stranger = { ...identity, startTicks: identity.startTicks + 1n };
    expect(isSameProcess(stranger)).toBe(false);
    expect(killGroupIfSame(stranger)).toBe(false);
    expect(isSameProcess(identity)).toBe(true);

    expect(killGroupIfSame(identity)).toBe(true);
    expect(await done).toBe("SIGKILL");
    expect(killGroupIfSame(identity)).toBe(false);
  });
});
