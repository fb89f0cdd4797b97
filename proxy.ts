import { NextResponse, type NextRequest } from "next/server";
import { guardResponse } from "@/server/security/guard-response";

// Every page passes the guard: CSRF (Origin / Sec-Fetch-Site), DNS
// rebinding, and the access token when one is configured. The start script
// refuses to bind a non-loopback address without ARBOR_TOKEN. API routes are
// not matched here: each handler runs the same guard first (apiRoute in
// server/http/api-route.ts), which spares them the proxy's cost.
export function proxy(request: NextRequest) {
  return guardResponse(request) ?? NextResponse.next();
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
