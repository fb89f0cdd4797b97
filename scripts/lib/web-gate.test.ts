import type { ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { createSupervisor, type Supervisor } from "@/scripts/lib/children";
import { LEAN_HEAP, WEB_GATE, webNodeArgs } from "@/scripts/lib/server-node-args";
import { freePort } from "@/test/support/app-server";

// The web server `npm start` starts beside the database (scripts/start.ts)
// must answer no request until the start script has proven the schema current
// and opened its gate: requests that came meanwhile wait and are served then,
// and a gate closed without "open" ends the server unserved.

jest.setTimeout(30_000);

const root = path.join(__dirname, "..", "..");
// A stand-in for `next start`: a plain HTTP server.
const server = (port: number) => `require("node:http").createServer((req, res) => res.end("served " + req.url)).listen(${port}, "127.0.0.1");`;

let supervisor: Supervisor;
afterEach(() => supervisor?.stopAll("SIGKILL"));

async function startGated(): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  supervisor = createSupervisor(root, { stopGraceMs: 2_000 });
  const port = await freePort();
  const child = supervisor.start("web", process.execPath, [...webNodeArgs(root, true), "-e", server(port)], process.env, { gated: true });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Listening (a connection is accepted) while its requests are held.
  for (let k = 0; ; k++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(true)).on("error", () => resolve(false));
      socket.once("connect", () => socket.destroy());
    });
    if (up) break;
    if (k > 400) throw new Error("the gated server never listened");
    await new Promise((r) => setTimeout(r, 25));
  }
  return { child, exited, port };
}

const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then((value) => ({ value })), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

it("holds every request until the gate opens, then serves them", async () => {
  const { port } = await startGated();
  const first = fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.text());
  const second = fetch(`http://127.0.0.1:${port}/later`).then((r) => r.text());
  expect(await settledWithin(Promise.all([first, second]), 700)).toBeNull();
  supervisor.openGate("web");
  expect(await Promise.all([first, second])).toEqual(["served /api/health", "served /later"]);
  // Once open, it serves as any server does.
  expect(await (await fetch(`http://127.0.0.1:${port}/again`)).text()).toBe("served /again");
});

it("ends the server, unserved, when the gate closes without opening (the start script gave up)", async () => {
  const { child, port, exited } = await startGated();
  const pending = fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.text(),
    () => "refused",
  );
  (child.stdio[3] as NodeJS.WritableStream).end();
  expect(await exited).toBe(1);
  expect(await pending).toBe("refused");
});

it("is on the web server's command line only when it starts gated", () => {
  expect(webNodeArgs(root, true)).toEqual(["--require", path.join(root, LEAN_HEAP), "--require", path.join(root, WEB_GATE)]);
  expect(webNodeArgs(root, false)).toEqual(["--require", path.join(root, LEAN_HEAP)]);
});
