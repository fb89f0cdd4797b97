// A remark plugin: `[[SPEC-3]]`, `[[ISSUE-7]]`, `[[SESS-42]]` in text become
// links marked with data-arbor-ref, which components/markdown.tsx renders as
// reference links with a hover card. Code (inline or fenced) is left alone, as
// are references inside links (a link cannot hold another link).
import { referenceHref, splitReferences } from "@/lib/references/parse";

type MdNode = {
  type: string;
  value?: string;
  url?: string;
  title?: string | null;
  children?: MdNode[];
  data?: Record<string, unknown>;
};

const NO_LINKS_INSIDE = new Set(["link", "linkReference", "definition"]);

function transform(node: MdNode): void {
  if (!node.children || NO_LINKS_INSIDE.has(node.type)) return;
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === "text" && typeof child.value === "string" && child.value.includes("[[")) {
      for (const segment of splitReferences(child.value)) {
        if (segment.kind === "text") next.push({ type: "text", value: segment.text });
        else {
          next.push({
            type: "link",
            url: referenceHref(segment.ref),
            title: null,
            children: [{ type: "text", value: segment.ref.id }],
            data: { hProperties: { dataArborRef: segment.ref.id } },
          });
        }
      }
    } else {
      transform(child);
      next.push(child);
    }
  }
  node.children = next;
}

export function remarkReferences() {
  return (tree: MdNode) => transform(tree);
}
