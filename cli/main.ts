// `arbor` entry point: parse argv, build the context, dispatch to a command,
// and map failures to messages and exit codes (0 ok, 1 error, 2 usage).

import { parseCliArgs, type Command } from "./args";
import { readCliConfig } from "./config";
import { println, type Context, type Writer } from "./context";
import { ApiError } from "@/lib/api-error";
import { ApiClient, UnreachableError, normalizeBaseUrl } from "./http";
import { detectStyle } from "./render/style";
import { SseConnectionError } from "./sse/connect";
import { agentsCommand } from "./commands/agents";
import { runnersCommand } from "./commands/runners";
import { cancelCommand } from "./commands/cancel";
import { continueCommand } from "./commands/continue";
import { UsageError } from "./commands/create";
import { forkCommand } from "./commands/fork";
import { groupCommand } from "./commands/group";
import { helpText } from "./commands/help";
import { workItemCommand } from "./commands/work-items";
import { ambiguousMatchLines } from "./execution-ref";
import { restartCommand } from "./commands/restart";
import { runCommand } from "./commands/run";
import { applyCommand } from "./commands/apply";
import { prCommand, pushCommand } from "./commands/pulls";
import { bundleCommand } from "./commands/bundle";
import { diffCommand } from "./commands/diff";
import { projectCommand } from "./commands/project";
import { searchCommand } from "./commands/search";
import { sessionCommand } from "./commands/session";
import { sessionsCommand } from "./commands/sessions";
import { showCommand } from "./commands/show";
import { treeCommand } from "./commands/tree";
import { statsCommand } from "./commands/stats";
import { markCommand, unmarkCommand } from "./commands/mark";
import { decideCommand, inboxCommand } from "./commands/approvals";

export interface MainIO {
  env: Record<string, string | undefined>;
  stdout: Writer & { isTTY?: boolean; columns?: number };
  stderr: Writer;
  cwd: string;
  readStdin: () => Promise<string>;
  /** Asks on the terminal (a confirmation); null when stdin is not a terminal. */
  ask?: (question: string) => Promise<string | null>;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  version?: string;
  sse?: Context["sse"];
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

function defaultIO(): MainIO {
  return {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    readStdin: () => readAll(process.stdin),
    ask: askOnTerminal,
  };
}

/** One line typed at the terminal after `question` (shown on stderr, so stdout stays the command's output); null without a terminal. */
async function askOnTerminal(question: string): Promise<string | null> {
  if (!process.stdin.isTTY) return null;
  const readline = await import("node:readline/promises");
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

function dispatch(ctx: Context, command: Exclude<Command, { name: "help" | "version" | "mcp" }>): Promise<number> {
  switch (command.name) {
    case "run":
      return runCommand(ctx, command);
    case "continue":
      return continueCommand(ctx, command);
    case "fork":
      return forkCommand(ctx, command);
    case "restart":
      return restartCommand(ctx, command);
    case "cancel":
      return cancelCommand(ctx, command);
    case "show":
      return showCommand(ctx, command);
    case "tree":
      return treeCommand(ctx, command);
    case "group":
    case "groups":
      return groupCommand(ctx, command);
    case "issue":
    case "spec":
      return workItemCommand(ctx, command);
    case "inbox":
      return inboxCommand(ctx, command);
    case "approve":
    case "deny":
      return decideCommand(ctx, command);
    case "sessions":
      return sessionsCommand(ctx, command);
    case "session":
      return sessionCommand(ctx, command);
    case "search":
      return searchCommand(ctx, command);
    case "bundle":
      return bundleCommand(ctx, command);
    case "project":
      return projectCommand(ctx, command);
    case "diff":
      return diffCommand(ctx, command);
    case "apply":
      return applyCommand(ctx, command);
    case "push":
      return pushCommand(ctx, command);
    case "pr":
      return prCommand(ctx, command);
    case "stats":
      return statsCommand(ctx, command);
    case "mark":
      return markCommand(ctx, command);
    case "unmark":
      return unmarkCommand(ctx, command);
    case "agents":
      return agentsCommand(ctx, command);
    case "runners":
    case "runner":
      return runnersCommand(ctx, command);
  }
}

/** Extra lines for validation details shaped like `[{ path, message }]` or `{ fieldErrors: { f: [msg] } }`. */
export function detailLines(details: unknown, message = ""): string[] {
  // The API's message often already reads "prompt: Required"; don't repeat it.
  return rawDetailLines(details).filter((line) => !message.includes(line.replace(/^ {2}- /, "")));
}

function rawDetailLines(details: unknown): string[] {
  const matches = ambiguousMatchLines(details);
  if (matches.length) return matches;
  const lines: string[] = [];
  const list = Array.isArray(details)
    ? details
    : details && typeof details === "object" && Array.isArray((details as { issues?: unknown }).issues)
      ? (details as { issues: unknown[] }).issues
      : undefined;
  if (list) {
    for (const d of list.slice(0, 10)) {
      if (!d || typeof d !== "object") continue;
      const { path, message } = d as { path?: unknown; message?: unknown };
      if (typeof message !== "string") continue;
      const where = Array.isArray(path) ? path.join(".") : typeof path === "string" ? path : "";
      lines.push(`  - ${where ? `${where}: ` : ""}${message}`);
    }
    return lines;
  }
  const fieldErrors = details && typeof details === "object" ? (details as { fieldErrors?: unknown }).fieldErrors : undefined;
  if (fieldErrors && typeof fieldErrors === "object") {
    for (const [field, msgs] of Object.entries(fieldErrors as Record<string, unknown>)) {
      if (Array.isArray(msgs) && msgs.length) lines.push(`  - ${field}: ${msgs.join("; ")}`);
    }
  }
  return lines;
}

export async function main(argv: readonly string[], io: Partial<MainIO> = {}): Promise<number> {
  const { env, stdout, stderr, cwd, readStdin, ask, signal, version, sse, fetch: fetchImpl } = { ...defaultIO(), ...io };
  const config = readCliConfig(env);

  const parsed = parseCliArgs(argv);
  if (!parsed.ok) {
    println(stderr, [`arbor: ${parsed.message}`, parsed.usage]);
    return 2;
  }
  const { command } = parsed;
  if (command.name === "help") {
    const help = helpText(command.topic);
    println(help.ok ? stdout : stderr, help.text);
    return help.ok ? 0 : 2;
  }
  if (command.name === "version") {
    println(stdout, `arbor ${version ?? "(unknown version)"}`);
    return 0;
  }

  if (command.name === "mcp") {
    // Loaded here only: the MCP SDK adds half a second to every start, and no other command needs it.
    // require, not import(): tsx runs this file as CommonJS from a data: URL, which import() cannot resolve "./" against.
    const { mcpCommand } = require("./commands/mcp") as typeof import("./commands/mcp");
    return mcpCommand({ config, argUrl: parsed.url, stderr, signal, fetch: fetchImpl });
  }

  let baseUrl: string;
  try {
    baseUrl = normalizeBaseUrl(parsed.url ?? config.url);
  } catch (err) {
    println(stderr, `arbor: ${(err as Error).message} (set ARBOR_URL or --url)`);
    return 2;
  }

  const ctx: Context = {
    api: new ApiClient({ baseUrl, token: config.token, fetch: fetchImpl }),
    stdout,
    stderr,
    style: detectStyle(stdout, env),
    interactive: Boolean(stdout.isTTY),
    cwd,
    readStdin,
    ask,
    signal,
    sse,
    user: config.user,
  };

  try {
    return await dispatch(ctx, command);
  } catch (err) {
    if (err instanceof UsageError) {
      println(stderr, `arbor: ${err.message}`);
      return 2;
    }
    if (err instanceof ApiError) {
      println(stderr, [`arbor: ${err.message}`, ...detailLines(err.details, err.message)]);
      return 1;
    }
    if (err instanceof UnreachableError) {
      println(stderr, `arbor: ${err.message}`);
      return 1;
    }
    if (err instanceof SseConnectionError) {
      println(stderr, `arbor: ${err.message}`);
      return 1;
    }
    if (signal?.aborted) return 130;
    const message = err instanceof Error ? err.message : String(err);
    println(stderr, `arbor: ${message}`);
    if (config.debug && err instanceof Error && err.stack) println(stderr, err.stack);
    return 1;
  }
}

/** Process wiring used by bin/arbor.mjs: Ctrl-C detaches from a stream, exit code is set. */
export async function runCli(argv: readonly string[] = process.argv.slice(2), opts: { version?: string } = {}): Promise<void> {
  const controller = new AbortController();
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(130); // second Ctrl-C: leave now
    interrupted = true;
    controller.abort(); // a stream detaches and returns 130 by itself…
    setTimeout(() => process.exit(130), 1000).unref(); // …anything else is cut short
  };
  process.on("SIGINT", onSigint);
  // `arbor show … | head` closes our stdout: stop quietly.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(0);
    throw err;
  });

  const code = await main(argv, { signal: controller.signal, version: opts.version });
  process.off("SIGINT", onSigint);
  process.exitCode = code;
  // Exit once output is flushed, even if a socket lingers.
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}
