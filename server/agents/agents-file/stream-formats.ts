import type { AgentDefinition } from "@/server/agents/types";
import type { StreamFormat } from "@/server/agents/agents-file/agents-file-schema";
import { claudeAgent } from "@/server/agents/claude/claude-agent";
import { codexAgent } from "@/server/agents/codex/codex-agent";
import { commandAgent } from "@/server/agents/command/command-agent";
import { copilotAgent } from "@/server/agents/copilot/copilot-agent";
import { geminiAgent } from "@/server/agents/gemini/gemini-agent";
import { opencodeAgent } from "@/server/agents/opencode/opencode-agent";
import { qwenAgent } from "@/server/agents/qwen/qwen-agent";

/** The built-in agent whose stream reading a custom agent borrows. */
export const STREAM_READERS: Record<StreamFormat, AgentDefinition> = {
  claude: claudeAgent,
  codex: codexAgent,
  gemini: geminiAgent,
  opencode: opencodeAgent,
  qwen: qwenAgent,
  copilot: copilotAgent,
  text: commandAgent,
};
