import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MobileMenu, navActive } from "@/components/mobile-menu";

// The navigation on a narrow screen: a Menu button that opens every link.

const ITEMS = [
  { href: "/issues", label: "Issues" },
  { href: "/specs", label: "Specs" },
  { href: "/sessions", label: "Sessions" },
];

test("Menu opens every link, marks the current page, and Esc closes it with the focus back on Menu", async () => {
  const user = userEvent.setup();
  render(<MobileMenu items={ITEMS} pathname="/sessions/SESS-1" />);
  const menu = screen.getByRole("button", { name: /^Menu/ });
  expect(menu).toHaveAttribute("aria-expanded", "false");
  expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull(); // hidden
  await user.click(menu);
  expect(menu).toHaveAttribute("aria-expanded", "true");
  const nav = screen.getByRole("navigation", { name: "Main" });
  expect(screen.getAllByRole("link").map((l) => l.textContent)).toEqual(["Issues", "Specs", "Sessions"]);
  expect(screen.getByRole("link", { name: "Sessions" })).toHaveAttribute("aria-current", "page");
  expect(nav).toBeVisible();
  await user.keyboard("{Escape}");
  expect(menu).toHaveAttribute("aria-expanded", "false");
  expect(menu).toHaveFocus();
});

test("a new page closes it", async () => {
  const user = userEvent.setup();
  const { rerender } = render(<MobileMenu items={ITEMS} pathname="/issues" />);
  await user.click(screen.getByRole("button", { name: /^Menu/ }));
  rerender(<MobileMenu items={ITEMS} pathname="/specs" />);
  expect(screen.getByRole("button", { name: /^Menu/ })).toHaveAttribute("aria-expanded", "false");
});

test.each([
  ["/issues", "/issues", true],
  ["/issues/ISSUE-1", "/issues", true],
  ["/issuesx", "/issues", false],
  ["/", "/issues", false],
])("navActive(%s, %s) is %s", (pathname, href, active) => {
  expect(navActive(pathname, href)).toBe(active);
});
