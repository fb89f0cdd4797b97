import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

export type Crumb = { label: ReactNode; href?: string };

/** "Issues / ISSUE-7": where a detail page sits. */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-zinc-500 dark:text-zinc-400">
      {trail.map((crumb, index) => (
        <Fragment key={index}>
          {index > 0 ? " / " : null}
          {crumb.href ? (
            <Link href={crumb.href} className="hover:underline">
              {crumb.label}
            </Link>
          ) : (
            crumb.label
          )}
        </Fragment>
      ))}
    </nav>
  );
}

/**
 * A page's title with its actions. A list page gives a description; a detail
 * page gives a breadcrumb and puts its facts line (badges, dates) in children.
 */
export function PageHeader({
  title,
  description,
  actions,
  breadcrumb,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: Crumb[];
  children?: ReactNode;
}) {
  if (!breadcrumb) {
    return (
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
          {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
    );
  }
  return (
    <header className="space-y-2">
      <Breadcrumb trail={breadcrumb} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-50">{title}</h1>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </header>
  );
}

/**
 * The header of an entity's page (a spec, an issue, a session): "List / ID",
 * its title with an Edit button (and any other actions), or "Edit ID" while
 * its form is open.
 */
export function EntityHeader({
  list,
  id,
  title,
  editing,
  onEdit,
  editLabel,
  actions,
  children,
}: {
  list: { label: string; href: string };
  id: string;
  title: string;
  editing: boolean;
  onEdit: () => void;
  editLabel: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <PageHeader
      breadcrumb={[list, { label: <span className="font-mono">{id}</span> }]}
      title={editing ? `Edit ${id}` : title}
      actions={
        editing ? null : (
          <>
            <Button variant="secondary" onClick={onEdit}>
              {editLabel}
            </Button>
            {actions}
          </>
        )
      }
    >
      {children}
    </PageHeader>
  );
}
