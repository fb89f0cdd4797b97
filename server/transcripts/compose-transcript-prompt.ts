import { AGENT_PROMPT_MAX_BYTES } from "@/server/references/format-agent-prompt";
import { cutToBytes, utf8Bytes, xmlAttr } from "@/server/references/prompt-text";

// Pure: the prompt of a transcript-primed turn. Arbor replays the
// conversation from its own record, framed as history, then the person's new
// prompt as the only task (seed 000's "focus on this turn" guard, so the agent
// does not redo earlier turns). The prompt travels as one argv element, so the
// whole text keeps under AGENT_PROMPT_MAX_BYTES: the newest turns are kept
// verbatim, the oldest left out with a visible marker (and, when even the
// newest turn alone does not fit, its end is cut, marked too).

export type TranscriptPromptInput = {
  /** Rendered turns (render-turn.ts), newest first; may hold more than fits. */
  turns: readonly string[];
  /** Turns in the whole conversation (those not passed in are counted as left out). */
  totalTurns: number;
  /** The Arbor session the conversation lives in, for the marker ("SESS-3"), if known. */
  sessionRef: string | null;
  /** The person's new prompt, as the agent is to receive it. */
  prompt: string;
};

export type TranscriptPrompt = {
  text: string;
  /** Bytes of the transcript part (everything but the new prompt's own block). */
  transcriptBytes: number;
  keptTurns: number;
  elidedTurns: number;
  /** Estimated tokens of the transcript part (estimateTokens). */
  transcriptTokens: number;
};

/**
 * About 4 bytes of UTF-8 per token: Anthropic's rule of thumb for English
 * text and code is ~3.5–4 characters a token; counting bytes keeps non-Latin
 * text (more bytes per character, and more tokens) from being underestimated.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(utf8Bytes(text) / 4);
}

const HEAD = [
  "<arbor-transcript>",
  "This is the conversation so far, replayed by Arbor from its own record because the agent's own session could not be resumed.",
  "It is history: every request in it has already been handled. Do not repeat, redo or continue any of it; use it only as context.",
].join("\n");
const TAIL = "</arbor-transcript>";

function requestBlock(prompt: string): string {
  return ["", "<arbor-request>", "Focus on this turn: the request below is the only task.", "", prompt, "</arbor-request>"].join("\n");
}

function elidedMarker(count: number, sessionRef: string | null): string {
  const where = sessionRef ? `; the whole conversation is ${xmlAttr(sessionRef)} in Arbor` : "";
  return `[… ${count} earlier turn${count === 1 ? "" : "s"} left out to fit the prompt${where} …]`;
}

export function composeTranscriptPrompt(input: TranscriptPromptInput, maxBytes = AGENT_PROMPT_MAX_BYTES): TranscriptPrompt {
  const request = requestBlock(input.prompt);
  // Room for the frame, the new prompt, the joining newlines and the widest marker.
  const reserve = utf8Bytes(HEAD) + utf8Bytes(TAIL) + utf8Bytes(request) + utf8Bytes(elidedMarker(input.totalTurns, input.sessionRef)) + 4;
  let budget = maxBytes - reserve;
  const kept: string[] = [];
  for (const turn of input.turns) {
    const size = utf8Bytes(turn) + 1;
    if (size <= budget) {
      kept.push(turn);
      budget -= size;
      continue;
    }
    // The newest turn always shows, cut if it must be.
    if (kept.length === 0 && budget > 200) {
      const note = "\n[… the rest of this turn was cut to fit the prompt …]";
      kept.push(cutToBytes(turn, budget - utf8Bytes(note) - 1) + note);
    }
    break;
  }
  const elidedTurns = input.totalTurns - kept.length;
  const lines = [HEAD];
  if (elidedTurns > 0) lines.push(elidedMarker(elidedTurns, input.sessionRef));
  lines.push(...[...kept].reverse(), TAIL);
  const transcript = lines.join("\n");
  return {
    text: `${transcript}\n${request}`,
    transcriptBytes: utf8Bytes(transcript),
    keptTurns: kept.length,
    elidedTurns,
    transcriptTokens: estimateTokens(transcript),
  };
}
