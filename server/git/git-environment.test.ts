import { gitEnvironment, SAFE_CONFIG } from "./git-environment";

const config = (env: Record<string, string | undefined>) =>
  Array.from({ length: Number(env.GIT_CONFIG_COUNT) }, (_, i) => [env[`GIT_CONFIG_KEY_${i}`], env[`GIT_CONFIG_VALUE_${i}`]]);

describe("gitEnvironment", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    Object.assign(process.env, {
      GIT_DIR: "/elsewhere/.git",
      GIT_SSH_COMMAND: "touch /tmp/pwned",
      GIT_EXTERNAL_DIFF: "touch /tmp/pwned",
      GIT_CONFIG_PARAMETERS: "'core.hooksPath'='/tmp/hooks'",
      GIT_CONFIG_GLOBAL: "/home/person/.config/git/arbor",
      SSH_ASKPASS: "/tmp/askpass",
      PAGER: "less",
      HOME: "/home/person",
    });
  });
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it("drops the inherited GIT_* variables and helpers, reads no system config, prompts for nothing, allows no transport", () => {
    const env = gitEnvironment({ trust: "safe", cwd: "/work/app", discover: false });
    for (const name of ["GIT_DIR", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_CONFIG_PARAMETERS", "SSH_ASKPASS", "PAGER"]) {
      expect({ name, value: env[name] }).toEqual({ name, value: undefined });
    }
    expect(env).toMatchObject({
      HOME: "/home/person",
      // The operator's own global config stays theirs.
      GIT_CONFIG_GLOBAL: "/home/person/.config/git/arbor",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_TERMINAL_PROMPT: "0",
      GIT_ALLOW_PROTOCOL: "none",
      GIT_CEILING_DIRECTORIES: "/work",
      LC_ALL: "C",
    });
  });

  it("safe: hooks, fsmonitor, helpers, signing and transports off by command-level config, then the caller's", () => {
    const env = gitEnvironment({ trust: "safe", cwd: "/work/app", discover: true, config: [["core.quotePath", "false"]] });
    expect(config(env)).toEqual([...SAFE_CONFIG, ["core.quotePath", "false"]]);
    expect(config(env)).toEqual(
      expect.arrayContaining([
        ["core.hooksPath", "/dev/null"],
        ["core.fsmonitor", "false"],
        ["credential.helper", ""],
      ]),
    );
    expect(env.GIT_CEILING_DIRECTORIES).toBeUndefined();
  });

  it("repository (Apply where the person opted in): the repository's own config applies, the environment stays clean", () => {
    const env = gitEnvironment({ trust: "repository", cwd: "/work/app", discover: false });
    expect(env.GIT_CONFIG_COUNT).toBe("0");
    expect(env).toMatchObject({ GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0", GIT_ALLOW_PROTOCOL: "none" });
    expect(env.GIT_SSH_COMMAND).toBeUndefined();
  });
});
