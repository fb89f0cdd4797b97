import { createSupervisor } from "@/scripts/lib/children";

// A child the start script stops on purpose (the early web server, when a
// migration turns out pending) must not raise the alarm that stops Arbor;
// one that dies by itself must.

jest.setTimeout(20_000);

const SLEEPER = ["-e", "setTimeout(() => {}, 60_000)"];

it("stops one child on purpose without the unexpected-exit alarm, and still raises it for a crash", async () => {
  const supervisor = createSupervisor(process.cwd(), { stopGraceMs: 2_000 });
  const alarms: string[] = [];
  supervisor.onUnexpectedExit((name) => alarms.push(name));
  try {
    supervisor.start("web", process.execPath, SLEEPER, process.env);
    await supervisor.stop("web");
    const again = supervisor.start("web", process.execPath, SLEEPER, process.env);
    const exited = new Promise((resolve) => again.once("exit", resolve));
    process.kill(again.pid!, "SIGKILL");
    await exited;
    expect(alarms).toEqual(["web"]);
  } finally {
    await supervisor.stopAll("SIGKILL");
  }
});
