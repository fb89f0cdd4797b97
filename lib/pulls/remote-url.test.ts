import { parseRemoteUrl } from "@/lib/pulls/remote-url";

describe("parseRemoteUrl", () => {
  it.each([
    ["https://github.com/acme/shop.git", { host: "github.com", owner: "acme", repo: "shop" }],
    ["https://github.com/acme/shop", { host: "github.com", owner: "acme", repo: "shop" }],
    ["https://user@github.example.com/acme/shop.git/", { host: "github.example.com", owner: "acme", repo: "shop" }],
    ["git@github.com:acme/shop.git", { host: "github.com", owner: "acme", repo: "shop" }],
    ["ssh://git@github.example.com:2222/acme/my.repo.git", { host: "github.example.com", owner: "acme", repo: "my.repo" }],
  ])("%s", (url, expected) => expect(parseRemoteUrl(url)).toEqual(expected));

  it.each(["/srv/git/shop.git", "file:///srv/shop.git", "https://github.com/acme", "https://github.com/a/b/c", "ext::sh -c x", ""])("refuses %s", (url) =>
    expect(parseRemoteUrl(url)).toBeNull(),
  );
});
