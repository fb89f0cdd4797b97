import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describeRelayFailure } from "./describe-failure";

const URL = "http://127.0.0.1:3000/api/mcp";
// What the SDK's client throws for a non-2xx answer: the status as `code`, the body in the message.
const answered = (status: number, body: string) => new StreamableHTTPError(status, `Error POSTing to endpoint: ${body}`);
const network = (code: string) => Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(code), { code }) });

describe("describeRelayFailure", () => {
  it("401: the server's reason, and what the token must be", () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      error: { code: -32001, message: "This MCP token is not good now: it belongs to no running turn" },
      id: null,
    });
    expect(describeRelayFailure(answered(401, body), URL)).toEqual({
      code: -32001,
      message:
        "Arbor's MCP server refused the token (401): This MCP token is not good now: it belongs to no running turn. ARBOR_MCP_TOKEN must be the token Arbor gave this run, and it is good only while the run's turn runs.",
    });
  });

  it("403 and other statuses: the reason from Arbor's error shape or the body's text; 404 asks whether the URL is right", () => {
    const forbidden = JSON.stringify({ error: { code: "forbidden_peer", message: "Arbor's MCP server answers only this machine" } });
    expect(describeRelayFailure(answered(403, forbidden), URL).message).toBe(
      "Arbor's MCP server refused this caller (403): Arbor's MCP server answers only this machine",
    );
    expect(describeRelayFailure(answered(404, "<html>\n  Not   Found</html>"), URL).message).toBe(
      `Arbor's MCP server at ${URL} answered HTTP 404: <html> Not Found</html> (is the URL right? ARBOR_MCP_URL, else ARBOR_URL + /api/mcp)`,
    );
    expect(describeRelayFailure(answered(502, ""), URL)).toEqual({ code: -32000, message: `Arbor's MCP server at ${URL} answered HTTP 502` });
  });

  it("nothing answers: unreachable, naming the network error; a reset or anything else says what it can", () => {
    expect(describeRelayFailure(network("ECONNREFUSED"), URL)).toEqual({
      code: -32000,
      message: `Arbor's MCP server at ${URL} is unreachable (ECONNREFUSED): is Arbor running there? (ARBOR_MCP_URL, else ARBOR_URL + /api/mcp)`,
    });
    expect(describeRelayFailure(network("ECONNRESET"), URL).message).toBe(`The connection to Arbor's MCP server at ${URL} broke before it answered`);
    expect(describeRelayFailure(Object.assign(new TypeError("fetch failed"), { cause: new Error("bad port") }), URL).message).toBe(
      `Arbor's MCP server at ${URL} gave no answer: fetch failed (bad port)`,
    );
  });
});
