import { parseReferences } from "@/lib/references/parse";
import { composeLoadPrompt, uncite } from "@/server/bundles/compose-load-prompt";

const bundle = { id: "BUNDLE-2", name: 'Auth "v2"', description: "Login work" };

describe("composeLoadPrompt", () => {
  it("puts the bundle's documents, commits and other sessions ahead of the prompt", () => {
    const text = composeLoadPrompt({
      bundle,
      documents: [
        { type: "spec", id: "SPEC-1", title: "Passwords", body: "Use bcrypt." },
        { type: "issue", id: "ISSUE-3", title: "Login <fails>", body: "  ", status: "open" },
      ],
      commits: ["abc1234"],
      sessions: [{ id: "SESS-2", title: "Earlier attempt" }],
      prompt: "Fix it.",
    });
    expect(text).toBe(
      [
        '<arbor-context bundle="BUNDLE-2" name="Auth &quot;v2&quot;">',
        'This is context from the Arbor bundle BUNDLE-2 ("Auth "v2""); the request follows it.',
        "",
        "Login work",
        "",
        '<spec id="SPEC-1" title="Passwords">',
        "Use bcrypt.",
        "</spec>",
        "",
        '<issue id="ISSUE-3" title="Login &lt;fails&gt;" status="open">',
        "(no text)",
        "</issue>",
        "",
        "Commits:",
        "- abc1234",
        "",
        "Related sessions:",
        "- SESS-2: Earlier attempt",
        "</arbor-context>",
        "",
        "Fix it.",
      ].join("\n"),
    );
  });

  it("fits the byte budget, cutting bodies evenly and saying where the rest is", () => {
    const big = "é".repeat(50_000); // 100,000 bytes each
    const text = composeLoadPrompt(
      {
        bundle: { ...bundle, description: "" },
        documents: [
          { type: "spec", id: "SPEC-1", title: "A", body: big },
          { type: "spec", id: "SPEC-2", title: "B", body: "short" },
          { type: "issue", id: "ISSUE-1", title: "C", body: big },
        ],
        commits: [],
        sessions: [],
        prompt: "Go.",
      },
      20_000,
    );
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(20_000);
    expect(text).toContain("[… cut to fit the prompt; the full text is SPEC-1 in Arbor]");
    expect(text).toContain("[… cut to fit the prompt; the full text is ISSUE-1 in Arbor]");
    expect(text).toContain("\nshort\n");
    expect(text.endsWith("\nGo.")).toBe(true);
  });

  it("carries each of its documents' text once: citations of them become plain ids, so prompt expansion does not append them again", () => {
    const text = composeLoadPrompt({
      bundle: { ...bundle, description: "Start from [[SPEC-1]]." },
      documents: [
        { type: "spec", id: "SPEC-1", title: "Passwords", body: "Use bcrypt. See `[[SPEC-1]]` in code." },
        { type: "issue", id: "ISSUE-3", title: "Login fails", body: "Implements [[spec-1]]; also read [[SPEC-9]].", status: "open" },
      ],
      commits: [],
      sessions: [],
      prompt: "Fix [[ISSUE-3]] as [[SPEC-1]] says.",
    });
    // What expandPrompt would append: only what the block does not carry.
    expect(parseReferences(text).map((r) => r.id)).toEqual(["SPEC-9"]);
    expect(text).toContain("Start from SPEC-1.");
    expect(text).toContain("Implements SPEC-1; also read [[SPEC-9]].");
    expect(text.endsWith("Fix ISSUE-3 as SPEC-1 says.")).toBe(true);
    // Code keeps its literal text.
    expect(text).toContain("See `[[SPEC-1]]` in code.");
    expect(text.match(/Use bcrypt/g)).toHaveLength(1);
  });
});

describe("uncite", () => {
  it.each<[string, string[], string]>([
    ["See [[SPEC-1]] and [[SPEC-2]].", ["SPEC-1"], "See SPEC-1 and [[SPEC-2]]."],
    ["[[sess-4]] [[ISSUE-7]]", ["SESS-4", "ISSUE-7"], "SESS-4 ISSUE-7"],
    ["nothing here", ["SPEC-1"], "nothing here"],
    ["```\n[[SPEC-1]]\n```", ["SPEC-1"], "```\n[[SPEC-1]]\n```"],
    ["[[SPEC-1]]", [], "[[SPEC-1]]"],
  ])("%j without %j", (text, carried, expected) => {
    expect(uncite(text, new Set(carried))).toBe(expected);
  });
});
