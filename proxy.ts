import { NextResponse, type NextRequest } from "next/server";
import { guardRequest, isLoopbackHost, TOKEN_COOKIE } from "@/server/security/request-guard";

// Every request passes the guard: CSRF (Origin / Sec-Fetch-Site), DNS
// rebinding, and the access token when one is configured. The start script
// refuses to bind a non-loopback address without ARBOR_TOKEN.
export function proxy(request: NextRequest) {
  const verdict = guardRequest({
    method: request.method,
    url: request.nextUrl,
    headers: request.headers,
    cookieToken: request.cookies.get(TOKEN_COOKIE)?.value,
    token: process.env.ARBOR_TOKEN || undefined,
    loopbackOnly: isLoopbackHost(process.env.HOST ?? "127.0.0.1"),
  });
  if (verdict.action === "allow") return NextResponse.next();
  if (verdict.action === "set-token-cookie") {
    const response = NextResponse.redirect(verdict.redirectTo);
    response.cookies.set(TOKEN_COOKIE, process.env.ARBOR_TOKEN ?? "", { httpOnly: true, sameSite: "strict", path: "/" });
    return response;
  }
  const body = { error: { code: verdict.code, message: verdict.message } };
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.json(body, { status: verdict.status });
  return new NextResponse(verdict.message, { status: verdict.status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
