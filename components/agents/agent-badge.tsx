import { pill } from "@/components/ui/badges";
import { agentName } from "@/lib/agents/names";
import { cn } from "@/lib/cn";

/** Which agent ran an execution or made a session, wherever one is shown. */
export function AgentBadge({ agent, className }: { agent: string; className?: string }) {
  return (
    <span data-slot="agent" data-agent={agent} className={cn(pill, "bg-white text-zinc-700 ring-zinc-400/40 dark:bg-zinc-900 dark:text-zinc-300", className)}>
      <span className="sr-only">Agent: </span>
      {agentName(agent)}
    </span>
  );
}
