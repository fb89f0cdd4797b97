import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterDatabase, earlyWebUrl, webAnswers } from "@/scripts/lib/start-plan";

// The order `npm start` starts things in (scripts/start.ts): the web server
// beside the database only on a warm production start, and serving only on
// proof that nothing is pending, with the URL the database really has.

const URL_A = "postgresql://postgres:pw@127.0.0.1:54329/arbor";
const nothingPending = { pending: [], modified: [] };

describe("earlyWebUrl", () => {
  it("starts the web server early only on a production start with a current build and a known URL", () => {
    expect(earlyWebUrl({ dev: false, buildCurrent: true, expectedUrl: URL_A })).toBe(URL_A);
    expect(earlyWebUrl({ dev: false, buildCurrent: false, expectedUrl: URL_A })).toBeUndefined();
    expect(earlyWebUrl({ dev: true, buildCurrent: true, expectedUrl: URL_A })).toBeUndefined();
    // First start: the cluster is not initialised, its password not chosen yet.
    expect(earlyWebUrl({ dev: false, buildCurrent: true, expectedUrl: undefined })).toBeUndefined();
  });
});

describe("afterDatabase", () => {
  it("opens the early web server only when nothing is pending on the URL it was given", () => {
    expect(afterDatabase(URL_A, URL_A, nothingPending)).toBe("open");
    expect(afterDatabase(URL_A, URL_A, { pending: [], modified: ["20260101000000_init"] })).toBe("open");
  });

  it("migrates first when anything is pending, the check failed, or the database has another URL", () => {
    expect(afterDatabase(URL_A, URL_A, { pending: ["20261128000000_next"], modified: [] })).toBe("migrate");
    expect(afterDatabase(URL_A, URL_A, null)).toBe("migrate");
    // Sharing another Arbor process's PostgreSQL, on its port.
    expect(afterDatabase(URL_A, URL_A.replace("54329", "54330"), nothingPending)).toBe("migrate");
    expect(afterDatabase(undefined, URL_A, nothingPending)).toBe("migrate");
  });
});

describe("webAnswers", () => {
  it("waits for a server that starts late, and counts any status as an answer", async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 401;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const answered = webAnswers(`http://127.0.0.1:${port}/api/health`, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      expect(await answered).toBe(true);
    } finally {
      server.close();
    }
  });

  it("gives up after its time, or once start-up is stopped", async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const started = Date.now();
    expect(await webAnswers(`http://127.0.0.1:${port}/`, 300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await webAnswers(`http://127.0.0.1:${port}/`, 10_000, () => true)).toBe(false);
  });
});
