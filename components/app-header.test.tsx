import { act, renderHook } from "@testing-library/react";

const prefetch = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ prefetch, push: jest.fn() }), usePathname: () => "/" }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { usePrefetchLater } = require("@/components/app-header") as typeof import("@/components/app-header");

// The header's pages are prefetched after the page has loaded and settled, not as its links hydrate.

beforeEach(() => {
  prefetch.mockClear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

test("prefetches nothing at first; after the load event and a pause, every page once (links never prefetch by themselves)", () => {
  const { result } = renderHook(() => usePrefetchLater(["/", "/issues", "/specs"]));
  expect(prefetch).not.toHaveBeenCalled();
  expect(result.current("/issues")).toMatchObject({ prefetch: false });
  // jsdom's document is already loaded: the pause starts at once.
  act(() => jest.advanceTimersByTime(1_900));
  expect(prefetch).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(200));
  expect(prefetch.mock.calls.map(([href]) => href)).toEqual(["/", "/issues", "/specs"]);
});

test("hovering or focusing a link prefetches its page at once", () => {
  const { result } = renderHook(() => usePrefetchLater(["/", "/issues"]));
  act(() => result.current("/issues").onMouseEnter());
  act(() => result.current("/specs").onFocus());
  expect(prefetch.mock.calls.map(([href]) => href)).toEqual(["/issues", "/specs"]);
});

test("leaving the page before then prefetches nothing", () => {
  const { unmount } = renderHook(() => usePrefetchLater(["/", "/issues"]));
  unmount();
  act(() => jest.advanceTimersByTime(10_000));
  expect(prefetch).not.toHaveBeenCalled();
});
