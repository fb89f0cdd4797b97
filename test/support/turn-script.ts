import path from "node:path";
import { conversation, messageText, type MessagesApi, type RecordedRequest, type Reply } from "@/test/support/messages-api";
import { deferred } from "@/test/support/wait";

// Scripts the Messages-API stand-in turn by turn (hold, hang or echo a turn,
// by its prompt), and reads what the real Claude Code CLI sent it.

/**
 * The prompt of the turn a request is for: the text of the last user message
 * that has any (a trailing message of nothing but system reminders is skipped).
 */
export function turnText(request: RecordedRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i];
    if (message.role !== "user") continue;
    const text = messageText(message);
    if (text.trim()) return text;
  }
  return "";
}

const echo = (request: RecordedRequest): Reply => ({ kind: "text", text: `Echo: ${turnText(request)}` });

/**
 * Decides the stand-in's reply per turn, by the prompt of the turn (the last
 * user text): hold a turn until released, hang it forever, or echo (default).
 */
export class StandIn {
  private rules: Array<{ prompt: string; reply: (request: RecordedRequest) => Reply | Promise<Reply> }> = [];

  constructor(readonly api: MessagesApi) {
    api.setScript((request) => {
      const text = turnText(request);
      const rule = this.rules.find((r) => text.includes(r.prompt));
      return rule ? rule.reply(request) : echo(request);
    });
  }

  /** The turn whose prompt contains `prompt` waits for release() before it is answered (with the echo). */
  hold(prompt: string) {
    const arrived = deferred<RecordedRequest>();
    const released = deferred();
    this.rules.unshift({
      prompt,
      reply: async (request) => {
        arrived.resolve(request);
        await released.promise;
        return echo(request);
      },
    });
    return { arrived: arrived.promise, release: () => released.resolve() };
  }

  /** The turn never gets an answer (the stream starts, then nothing): a stuck model. */
  hang(prompt: string) {
    const arrived = deferred<RecordedRequest>();
    this.rules.unshift({
      prompt,
      reply: (request) => {
        arrived.resolve(request);
        return { kind: "hang", text: "thinking…" };
      },
    });
    return { arrived: arrived.promise };
  }

  on(prompt: string, reply: (request: RecordedRequest) => Reply | Promise<Reply>) {
    this.rules.unshift({ prompt, reply });
  }

  /** Requests whose own turn (last user text) contains `prompt`. */
  requestsFor(prompt: string): RecordedRequest[] {
    return this.api.requests.filter((r) => turnText(r).includes(prompt));
  }

  /** The one request of the turn with this prompt (fails when there is not exactly one). */
  requestFor(prompt: string): RecordedRequest {
    const found = this.requestsFor(prompt);
    if (found.length !== 1) {
      const seen = this.api.requests.map(
        (r) => `#${r.index} session ${r.sessionId}: ${JSON.stringify(conversation(r).map((m) => `${m.role}: ${m.text.slice(0, 80)}`))}`,
      );
      throw new Error(`expected one request for "${prompt}", got ${found.length}; the stand-in saw:\n${seen.join("\n")}`);
    }
    return found[0];
  }
}

/** All text the model was sent in a request (every user and assistant turn), one turn per line. */
export function historyText(request: RecordedRequest): string {
  return conversation(request)
    .map((m) => `${m.role}: ${m.text}`)
    .join("\n");
}

/** Where Claude Code keeps a session's transcript for a cwd, under the isolated config dir. */
export function transcriptPath(configDir: string, cwd: string, sessionId: string): string {
  return path.join(configDir, "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"), `${sessionId}.jsonl`);
}

/** The current turn's prompt (the last user message that is not tool results) and the tool results since. */
export function currentTurn(request: RecordedRequest): { prompt: string; results: string[] } {
  let prompt = "";
  const results: string[] = [];
  for (const message of request.messages) {
    if (message.role !== "user") continue;
    const blocks = typeof message.content === "string" ? [] : message.content;
    if (blocks.some((b) => b.type === "tool_result")) results.push(messageText(message));
    else if (messageText(message).trim()) {
      prompt = messageText(message);
      results.length = 0;
    }
  }
  return { prompt, results };
}
