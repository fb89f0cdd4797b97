import "server-only";
import { runGit } from "./run-git";

/** Who Arbor's own commits (snapshots) are by. */
export const ARBOR_IDENTITY = { name: "Arbor", email: "arbor@localhost" } as const;

/** Environment that makes git attribute a commit to Arbor. */
export function arborIdentityEnv(): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: ARBOR_IDENTITY.name,
    GIT_AUTHOR_EMAIL: ARBOR_IDENTITY.email,
    GIT_COMMITTER_NAME: ARBOR_IDENTITY.name,
    GIT_COMMITTER_EMAIL: ARBOR_IDENTITY.email,
  };
}

/**
 * The identity for a commit a person asked for (Apply): the repository's
 * configured user when there is one, otherwise Arbor (git would refuse to
 * commit without any identity).
 */
export async function personIdentityEnv(repo: string): Promise<Record<string, string>> {
  const read = async (key: string) => (await runGit(repo, ["config", "--get", key], { okExitCodes: [0, 1] })).stdout.trim();
  const [name, email] = await Promise.all([read("user.name"), read("user.email")]);
  if (name && email) return {};
  return arborIdentityEnv();
}
