import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeToggle } from "@/components/theme-toggle";
import { THEME_SCRIPT, THEME_STORAGE_KEY } from "@/lib/theme";

let systemDark = false;
beforeEach(() => {
  systemDark = false;
  localStorage.clear();
  document.documentElement.className = "";
  window.matchMedia = ((query: string) => ({
    matches: query.includes("dark") && systemDark,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});

describe("theme", () => {
  it("follows prefers-color-scheme until a pick, before the first paint", () => {
    systemDark = true;
    new Function(THEME_SCRIPT)();
    expect(document.documentElement).toHaveClass("dark");
    systemDark = false;
    new Function(THEME_SCRIPT)();
    expect(document.documentElement).toHaveClass("light");
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    new Function(THEME_SCRIPT)();
    expect(document.documentElement).toHaveClass("dark");
  });

  it("cycles system → light → dark → system and persists the pick", async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const button = screen.getByRole("button", { name: "Theme: system. Switch to light" });
    await user.click(button);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(document.documentElement).toHaveClass("light");
    await user.click(screen.getByRole("button", { name: "Theme: light. Switch to dark" }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(document.documentElement.style.colorScheme).toBe("dark");
    await user.click(screen.getByRole("button", { name: "Theme: dark. Switch to system" }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement).toHaveClass("light");
  });
});
