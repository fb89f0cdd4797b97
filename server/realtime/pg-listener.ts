import { EventEmitter } from "node:events";
import pg from "pg";
import { loadConfig } from "@/server/config/load-config";

// One dedicated LISTEN connection per process, fanned out to any number of
// subscribers (SSE streams). Reconnects with backoff; subscribers are told via
// the "reconnect" event so they can re-read from the database and miss nothing.
type Listener = {
  emitter: EventEmitter;
  channels: Set<string>;
  client: pg.Client | null;
  connecting: Promise<void> | null;
  /** Set by closeListener(): no reconnecting any more. */
  closed: boolean;
};

const globalForListener = globalThis as unknown as { arborPgListener?: Listener };

function state(): Listener {
  if (!globalForListener.arborPgListener) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    globalForListener.arborPgListener = { emitter, channels: new Set(), client: null, connecting: null, closed: false };
  }
  return globalForListener.arborPgListener;
}

async function connect(s: Listener): Promise<void> {
  const client = new pg.Client({ connectionString: loadConfig().databaseUrl });
  client.on("notification", (msg) => s.emitter.emit(msg.channel, msg.payload ?? ""));
  client.on("error", () => {
    // The "end" handler below reconnects; an error without end is followed by one.
  });
  client.on("end", () => {
    if (s.client !== client) return;
    s.client = null;
    setTimeout(() => {
      if (s.closed) return;
      void ensureConnected(s).then(() => s.emitter.emit("reconnect"));
    }, 500);
  });
  await client.connect();
  for (const channel of s.channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  s.client = client;
}

function ensureConnected(s: Listener): Promise<void> {
  if (s.client) return Promise.resolve();
  if (!s.connecting) {
    s.connecting = connect(s).finally(() => {
      s.connecting = null;
    });
  }
  return s.connecting;
}

/** Subscribe to a NOTIFY channel; resolves once LISTEN is active. Returns an unsubscribe function. */
export async function subscribe(channel: string, handler: (payload: string) => void): Promise<() => void> {
  const s = state();
  s.emitter.on(channel, handler);
  if (!s.channels.has(channel)) {
    s.channels.add(channel);
    if (s.client) await s.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }
  await ensureConnected(s);
  return () => s.emitter.off(channel, handler);
}

export function onReconnect(handler: () => void): () => void {
  const s = state();
  s.emitter.on("reconnect", handler);
  return () => s.emitter.off("reconnect", handler);
}

/**
 * Ends the LISTEN connection, for a graceful shutdown (and tests): without it
 * the open connection keeps the process alive, and its "end" handler would
 * only reconnect. Subscribers are dropped; a later subscribe() starts afresh.
 */
export async function closeListener(): Promise<void> {
  const s = globalForListener.arborPgListener;
  if (!s) return;
  globalForListener.arborPgListener = undefined;
  s.closed = true;
  await s.connecting?.catch(() => {});
  const client = s.client;
  s.client = null; // so its "end" handler does not reconnect
  s.emitter.removeAllListeners();
  if (client) await client.end().catch(() => {});
}
