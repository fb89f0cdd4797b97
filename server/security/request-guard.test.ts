import { guardRequest, type GuardInput } from "./request-guard";

type Overrides = Partial<Omit<GuardInput, "headers">> & { headers?: Record<string, string> };

function input(overrides: Overrides = {}): GuardInput {
  const headers = new Headers({ host: "127.0.0.1:3000", ...(overrides.headers ?? {}) });
  return {
    method: "POST",
    url: new URL("http://127.0.0.1:3000/api/specs"),
    cookieToken: undefined,
    token: undefined,
    loopbackOnly: true,
    ...overrides,
    headers,
  };
}

describe("guardRequest", () => {
  it("allows same-origin mutations", () => {
    expect(guardRequest(input({ headers: { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" } }))).toEqual({ action: "allow" });
  });

  it("allows non-browser clients that send no Origin (the CLI, curl)", () => {
    expect(guardRequest(input())).toEqual({ action: "allow" });
  });

  it("rejects a POST from a foreign Origin with 403", () => {
    const verdict = guardRequest(input({ headers: { origin: "https://evil.example" } }));
    expect(verdict).toMatchObject({ action: "deny", status: 403, code: "cross_site_request" });
  });

  it("rejects cross-site and same-site fetches by Sec-Fetch-Site even without Origin", () => {
    expect(guardRequest(input({ headers: { "sec-fetch-site": "cross-site" } }))).toMatchObject({ status: 403 });
    expect(guardRequest(input({ headers: { "sec-fetch-site": "same-site" } }))).toMatchObject({ status: 403 });
  });

  it("rejects the opaque 'null' origin", () => {
    expect(guardRequest(input({ headers: { origin: "null" } }))).toMatchObject({ status: 403 });
  });

  it("lets foreign GETs through (they cannot read the response) but not foreign DELETEs", () => {
    expect(guardRequest(input({ method: "GET", headers: { origin: "https://evil.example" } }))).toEqual({ action: "allow" });
    expect(guardRequest(input({ method: "DELETE", headers: { origin: "https://evil.example" } }))).toMatchObject({ status: 403 });
  });

  it("blocks DNS rebinding: non-loopback Host on a loopback-bound server", () => {
    expect(guardRequest(input({ method: "GET", headers: { host: "evil.example:3000" } }))).toMatchObject({ status: 421 });
    expect(guardRequest(input({ method: "GET", headers: { host: "localhost:3000" } }))).toEqual({ action: "allow" });
    expect(guardRequest(input({ method: "GET", headers: { host: "[::1]:3000" } }))).toEqual({ action: "allow" });
  });

  describe("with an access token", () => {
    const token = "s3cret-token";
    const remote = { token, loopbackOnly: false };

    it("requires the token", () => {
      expect(guardRequest(input({ ...remote, method: "GET", headers: { host: "arbor.lan:3000" } }))).toMatchObject({ status: 401 });
    });

    it("accepts a bearer token or the cookie", () => {
      expect(guardRequest(input({ ...remote, headers: { host: "arbor.lan:3000", authorization: `Bearer ${token}` } }))).toEqual({ action: "allow" });
      expect(guardRequest(input({ ...remote, cookieToken: token, headers: { host: "arbor.lan:3000" } }))).toEqual({ action: "allow" });
    });

    it("rejects a wrong token", () => {
      expect(guardRequest(input({ ...remote, headers: { host: "arbor.lan:3000", authorization: "Bearer nope" } }))).toMatchObject({ status: 401 });
    });

    it("turns ?token= on a GET into a cookie and strips it from the URL", () => {
      const verdict = guardRequest(
        input({ ...remote, method: "GET", url: new URL(`http://arbor.lan:3000/issues?token=${token}&q=x`), headers: { host: "arbor.lan:3000" } }),
      );
      expect(verdict.action).toBe("set-token-cookie");
      if (verdict.action === "set-token-cookie") expect(verdict.redirectTo.toString()).toBe("http://arbor.lan:3000/issues?q=x");
    });
  });
});
