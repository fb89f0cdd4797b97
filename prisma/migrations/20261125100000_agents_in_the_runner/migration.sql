-- Agents that report their session's running usage total instead of the
-- run's own (Codex, Qwen Code, Copilot CLI: AgentDefinition.usageReporting
-- "session-total"): the total after this turn, as the CLI reported it, so the
-- next turn's own usage is its total minus this one (server/agents/session-report.ts).
-- Null for per-run agents, and where the CLI reported nothing.
ALTER TABLE "executions" ADD COLUMN "session_total_input_tokens" INTEGER;
ALTER TABLE "executions" ADD COLUMN "session_total_output_tokens" INTEGER;

-- The agents whose programs a runner found when it last looked (at start and
-- on every heartbeat): a new run of an agent no live runner has is refused
-- before anything is queued.
ALTER TABLE "runners" ADD COLUMN "installed_agents" TEXT[] DEFAULT ARRAY[]::TEXT[];
