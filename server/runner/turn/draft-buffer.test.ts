import { DraftBuffer } from "@/server/runner/turn/draft-buffer";

describe("DraftBuffer", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("stores the pieces of one interval as one draft", () => {
    const stored: string[] = [];
    const drafts = new DraftBuffer((text) => stored.push(text), 80);
    drafts.add("Hel");
    drafts.add("lo");
    expect(stored).toEqual([]);
    jest.advanceTimersByTime(80);
    expect(stored).toEqual(["Hello"]);
    drafts.add(" there");
    jest.advanceTimersByTime(80);
    expect(stored).toEqual(["Hello", " there"]);
  });

  it("stores at once when another line comes, and nothing when empty", () => {
    const stored: string[] = [];
    const drafts = new DraftBuffer((text) => stored.push(text), 80);
    drafts.flush();
    drafts.add("x");
    drafts.flush();
    jest.advanceTimersByTime(200);
    expect(stored).toEqual(["x"]);
  });
});
