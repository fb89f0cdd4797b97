import { act, renderHook } from "@testing-library/react";
import { useListSearch } from "@/lib/hooks/use-list-search";

describe("useListSearch", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.history.replaceState(null, "", "/issues?status=open");
  });
  afterEach(() => jest.useRealTimers());

  it("debounces the trimmed query and mirrors it and the filters into the address", () => {
    let status: string | undefined = "open";
    const { result, rerender } = renderHook(() => useListSearch("", { status }));
    expect(result.current.q).toBeUndefined();
    act(() => result.current.setQuery("  login  "));
    expect(result.current.query).toBe("  login  ");
    expect(result.current.q).toBeUndefined();
    act(() => jest.advanceTimersByTime(300));
    expect(result.current.q).toBe("login");
    expect(window.location.search).toBe("?status=open&q=login");

    status = undefined;
    rerender();
    expect(window.location.search).toBe("?q=login");
    act(() => result.current.setQuery(" "));
    act(() => jest.advanceTimersByTime(300));
    expect(result.current.q).toBeUndefined();
    expect(window.location.search).toBe("");
  });
});
