// Preloaded into the two long-lived Node processes of `npm start` (the start
// script, which runs the runner, and the web server: `node --require
// ./scripts/lib/lean-heap.cjs …`): V8's --optimize-for-size, set once the
// process has started instead of on its command line. Node checks the code
// cache built into its binary for its own modules (http, fs, undici…) against
// the V8 flags given at start: any flag there (this one or
// --max-semi-space-size, which the command lines also had) makes it compile
// each of those modules from source. Set later, the flag still makes V8 grow
// the heap less eagerly and give memory back sooner (the heap's checks read
// it as they run). A warm start is over within the delay on the machines
// measured; in a slower one, what is compiled after it is compiled as before.
// docs/performance.md, "Start-up and footprint". Plain CommonJS: it runs
// before anything of ours is compiled.
const v8 = require("node:v8");

/** How long after the process's start the flag is set. */
const LATE_HEAP_AFTER_MS = 5_000;

setTimeout(() => v8.setFlagsFromString("--optimize-for-size"), LATE_HEAP_AFTER_MS).unref();
