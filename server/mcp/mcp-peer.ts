import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { prisma } from "@/server/db";
import { serverIsLoopbackOnly } from "@/server/security/guard-response";

// Where a call to the MCP server may come from: this machine, or a machine a
// runner runs on. On a loopback-only server (the default) every peer is local.
// Listening beyond loopback, the peer is the address Next reports
// (X-Forwarded-For, which Next fills from the socket when absent): checked
// against loopback and the runners' host names, as a second fence behind the
// run's token, which is what actually admits a call.

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export async function mcpPeerAllowed(headers: Headers): Promise<boolean> {
  if (serverIsLoopbackOnly()) return true;
  const peer = headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  if (!peer || LOOPBACK.test(peer)) return true;
  if (!isIP(peer)) return false;
  const runners = await prisma.runner.findMany({ where: { stoppedAt: null }, select: { hostname: true }, distinct: ["hostname"], take: 100 });
  for (const { hostname } of runners) {
    const addresses = await lookup(hostname, { all: true }).catch(() => []);
    if (addresses.some((a) => a.address === peer || a.address === peer.replace(/^::ffff:/, ""))) return true;
  }
  return false;
}
