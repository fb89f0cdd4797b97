// Preloaded into the web server (`node --require scripts/lib/web-gate.cjs …/next start`)
// when `npm start` starts it before the database is known to be ready
// (scripts/lib/start-plan.ts): Next loads and listens at once, but no HTTP
// request reaches it until the start script writes "open" on fd 3, which it
// does only once it has proof that no migration is pending. Requests that
// arrive meanwhile wait, in order, and are then served; so the web app's start
// overlaps PostgreSQL's and the migration check, and nothing that needs the
// schema runs before that proof. If fd 3 closes without "open" (the start
// script died or gave up), this process exits: it must never serve ungated.
// Plain CommonJS: it runs before anything of ours is compiled.
const http = require("node:http");
const net = require("node:net");

const GATE_FD = 3;
/** Events that hand a request to the app: held until the gate opens. */
const GATED = new Set(["request", "upgrade", "checkContinue", "checkExpectation"]);

let open = false;
/** @type {Array<[import("node:http").Server, string, unknown[]]>} */
const held = [];
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function gatedEmit(event, ...args) {
  if (!open && GATED.has(event)) {
    held.push([this, event, args]);
    return true;
  }
  return emit.call(this, event, ...args);
};

function openGate() {
  if (open) return;
  open = true;
  http.Server.prototype.emit = emit;
  for (const [server, event, args] of held.splice(0)) emit.call(server, event, ...args);
}

const gate = new net.Socket({ fd: GATE_FD, readable: true, writable: false });
let heard = "";
gate.setEncoding("utf8");
gate.on("data", (chunk) => {
  heard += chunk;
  if (heard.includes("open")) {
    openGate();
    gate.destroy();
  }
});
// Closed without "open": the start script is gone or stops start-up; serving now could meet an old schema.
gate.on("end", () => {
  if (!open) process.exit(1);
});
gate.on("error", () => {
  if (!open) process.exit(1);
});
