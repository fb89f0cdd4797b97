import { TextLink } from "@/components/ui/text-link";

export default function NotFound() {
  return (
    <div className="py-16 text-center">
      <p className="font-mono text-sm text-zinc-500 dark:text-zinc-400">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Spec and issue addresses look like <span className="font-mono">/specs/SPEC-1</span> and <span className="font-mono">/issues/ISSUE-1</span>.
      </p>
      <div className="mt-6 flex justify-center gap-4 text-sm font-medium">
        <TextLink href="/issues">Issues</TextLink>
        <TextLink href="/specs">Specs</TextLink>
      </div>
    </div>
  );
}
