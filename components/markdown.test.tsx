import { render, screen } from "@testing-library/react";
import { Markdown } from "@/components/markdown";

describe("<Markdown>", () => {
  it("renders GitHub-flavoured markdown", () => {
    const { container } = render(
      <Markdown>{"# Title\n\nSome **bold** text.\n\n- [x] done\n- [ ] todo\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~"}</Markdown>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Title" })).toBeInTheDocument();
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
    expect(container.querySelector("del")).toHaveTextContent("gone");
  });

  it("never renders script tags or raw HTML event handlers", () => {
    const { container } = render(
      <Markdown>{'Hello <script>alert("x")</script>\n\n<img src="x" onerror="alert(1)">\n\n<div onclick="alert(2)">hi</div>'}</Markdown>,
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(container.querySelector("[onclick]")).toBeNull();
    expect(container.innerHTML).not.toContain("<script");
  });

  it("drops javascript: and other unsafe link targets", () => {
    const { container } = render(
      <Markdown>
        {"[click me](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox(1)) [ok](https://example.com) [rel](/issues/ISSUE-1)"}
      </Markdown>,
    );
    const hrefs = Array.from(container.querySelectorAll("a")).map((a) => a.getAttribute("href") ?? "");
    for (const href of hrefs) {
      expect(href.toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
    }
    expect(screen.getByRole("link", { name: "ok" })).toHaveAttribute("href", "https://example.com");
    expect(screen.getByRole("link", { name: "ok" })).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "ok" })).toHaveAttribute("rel", expect.stringContaining("noopener"));
    expect(screen.getByRole("link", { name: "rel" })).not.toHaveAttribute("target");
    expect(screen.getByText("click me")).toBeInTheDocument();
  });

  it("shows a placeholder for empty text", () => {
    render(<Markdown emptyText="Nothing yet">{"   "}</Markdown>);
    expect(screen.getByText("Nothing yet")).toBeInTheDocument();
  });
});
