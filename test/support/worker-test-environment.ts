import type { EnvironmentContext, JestEnvironmentConfig } from "@jest/environment";
import NodeEnvironment from "jest-environment-node";
import { adoptWorkerEnvironment } from "./worker-database";

// The integration and end-to-end projects' test environment: Node's, in a
// worker whose own process.env first points at the worker's database and data
// directory (test/support/worker-database.ts). It must be the worker's real
// environment, not only the copy a test file sees: a child process started
// without an explicit env inherits the real one.
export default class WorkerTestEnvironment extends NodeEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    adoptWorkerEnvironment(process.env);
    super(config, context);
  }
}
