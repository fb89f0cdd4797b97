// How `npm test` runs Jest: the phases (which projects, how many workers) and
// one summary of their results. Pure, so scripts/lib/test-phases.test.ts
// holds the rules; scripts/test.ts runs the phases.

export type TestPhase = { projects: string[]; workers: number };

/**
 * With more than one worker, the end-to-end tests run after the rest, one
 * file at a time: each starts a production server, a browser and agent CLIs,
 * and beside another test file on 2 cores their waits (a page's first load,
 * the agents' version probes) ran out (three of 19 files failed so). Unit,
 * component and integration files share the workers.
 */
export function testPhases(projects: string[], workers: number): TestPhase[] {
  if (workers <= 1) return [{ projects, workers: 1 }];
  const parallel = projects.filter((p) => p !== "e2e");
  const phases: TestPhase[] = parallel.length > 0 ? [{ projects: parallel, workers }] : [];
  if (projects.includes("e2e")) phases.push({ projects: ["e2e"], workers: 1 });
  return phases;
}

/** Jest's arguments for one phase (--json into `outputFile`); `passthrough`: what `npm test -- …` was given. */
export function jestArgs(phase: TestPhase, outputFile: string, passthrough: string[], phaseCount: number): string[] {
  return [
    phase.workers > 1 ? `--maxWorkers=${phase.workers}` : "--runInBand",
    // Pools of libraries under test (graphile-worker, pg LISTEN) may keep the loop alive after the last test.
    "--forceExit",
    "--json",
    `--outputFile=${outputFile}`,
    ...phase.projects.flatMap((p) => ["--selectProjects", p]),
    // A path or name filter given to npm test may match files of one phase only: the other has none, which is no failure.
    ...(phaseCount > 1 && passthrough.length > 0 ? ["--passWithNoTests"] : []),
    ...passthrough,
  ];
}

type JestJson = Record<string, unknown> & { testResults?: unknown[]; startTime?: number; success?: boolean; wasInterrupted?: boolean };

/** Jest's --json results of several runs as one, in the same shape: counts added, files listed together. */
export function mergeJestResults(results: JestJson[]): JestJson {
  const merged: JestJson = {};
  for (const result of results) {
    for (const [key, value] of Object.entries(result)) {
      if (key.startsWith("num") && typeof value === "number") merged[key] = ((merged[key] as number | undefined) ?? 0) + value;
    }
  }
  merged.startTime = Math.min(...results.map((r) => r.startTime ?? Number.POSITIVE_INFINITY));
  merged.success = results.length > 0 && results.every((r) => r.success === true);
  merged.wasInterrupted = results.some((r) => r.wasInterrupted === true);
  merged.testResults = results.flatMap((r) => r.testResults ?? []);
  return merged;
}
