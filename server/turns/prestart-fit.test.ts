import { launchMismatch } from "@/server/turns/prestart-fit";

// A pre-started process serves a run only when the run's own launch is the
// very one it was started with: the same argv (options, policy, MCP config,
// model, binary path) and the same environment (the MCP token included).

const started = { argv: ["/bin/claude", "-p", "--session-id", "s1", "--permission-mode", "acceptEdits"], env: { ARBOR_MCP_TOKEN: "t1", HOME: "/h" } };
const run = (argv: string[], env: Record<string, string | undefined>) => ({ argv, env });

test.each([
  ["the same launch", run([...started.argv], { ...started.env }), null],
  ["a launch that could not be planned", null, "the run's launch could not be planned as a pre-started one"],
  [
    "another permission mode",
    run(["/bin/claude", "-p", "--session-id", "s1", "--permission-mode", "plan"], started.env),
    "the run's launch options differ from the pre-started process's",
  ],
  ["one more flag", run([...started.argv, "--model", "x"], started.env), "the run's launch options differ from the pre-started process's"],
  ["another binary", run(["/opt/claude", ...started.argv.slice(1)], started.env), "the run's launch options differ from the pre-started process's"],
  ["another token", run([...started.argv], { ...started.env, ARBOR_MCP_TOKEN: "t2" }), "the run's environment differs from the pre-started process's"],
  ["a variable more", run([...started.argv], { ...started.env, EXTRA: "1" }), "the run's environment differs from the pre-started process's"],
  ["a variable less", run([...started.argv], { HOME: "/h" }), "the run's environment differs from the pre-started process's"],
])("%s", (_, launch, why) => {
  expect(launchMismatch(started, launch)).toBe(why);
});
