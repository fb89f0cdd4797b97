// Preloaded before scripts/lib/lean-heap.cjs by its test: records each
// v8.setFlagsFromString call as [flag, ms since start] in globalThis.__flagCalls,
// and still makes it, so the flag is really set in the running process.
const v8 = require("node:v8");

const started = Date.now();
const set = v8.setFlagsFromString;
globalThis.__flagCalls = [];
v8.setFlagsFromString = (flag) => {
  globalThis.__flagCalls.push([flag, Date.now() - started]);
  return set(flag);
};
