// Whether the address the server binds to (HOST) is a loopback one: then it
// answers only to loopback host names (server/security/request-guard.ts), and
// may listen without a token (load-config.ts, assertSafeToServe). Part of the
// configuration, so that config/ imports nothing above it.

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === "localhost" || h === "::1" || h === "[::1]" || /^127(\.\d{1,3}){3}$/.test(h);
}
