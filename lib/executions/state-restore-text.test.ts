import { stateRestoreText } from "@/lib/executions/state-restore-text";

test.each([
  [null, null],
  [undefined, null],
  [
    { files: 1, bytes: 174_144, ms: 13, fromRunnerId: "machine-a", fromExecutionId: "e1" },
    "Restored from Arbor's copy (last stored by runner machine-a): 1 file, 170 KiB, in 13 ms.",
  ],
  [{ files: 3, bytes: 10, ms: 2, fromRunnerId: null, fromExecutionId: null }, "Restored from Arbor's copy: 3 files, 10 B, in 2 ms."],
  [
    { error: "a stored chunk is missing" },
    "The agent's session state could not be restored (a stored chunk is missing): the turn went on with what this machine had, and had the agent refused it, from Arbor's transcript.",
  ],
])("%j", (restore, expected) => {
  expect(stateRestoreText(restore)).toBe(expected);
});
