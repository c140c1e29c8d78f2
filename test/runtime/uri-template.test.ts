import { describe, expect, it } from "vitest";
import { compileUriTemplate } from "../../packages/runtime/src/uri/template.js";
import { expandUriTemplate } from "../../packages/runtime/src/uri/expand.js";

describe("URI template matching (server) and expansion (client)", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["notes://{id}", { id: "42" }, "notes://42"],
    ["test://template/{id}/data", { id: "a b" }, "test://template/a%20b/data"],
    ["file:///{+path}", { path: "src/main.rs" }, "file:///src/main.rs"],
    ["trips://{id}{?lang}", { id: "7", lang: "en" }, "trips://7?lang=en"],
    ["trips://{id}{?lang}", { id: "7" }, "trips://7"],
    ["search://{?q,limit}", { q: "x y", limit: "5" }, "search://?q=x%20y&limit=5"],
    ["search://{?q}{&page}", { q: "a", page: "2" }, "search://?q=a&page=2"],
    ["docs://{name}{#section}", { name: "guide", section: "intro" }, "docs://guide#intro"],
    ["repo://x{/owner,name}", { owner: "o", name: "n" }, "repo://x/o/n"],
    ["host://{sub}{.domain}", { sub: "www", domain: "example" }, "host://www.example"],
  ];

  it.each(cases)("%s: expands %j to %s and matches it back", (template, variables, uri) => {
    expect(expandUriTemplate(template, variables)).toBe(uri);
    expect({ ...compileUriTemplate(template).match(uri) }).toEqual(variables);
  });

  it("query parameters may come in any order", () => {
    expect({ ...compileUriTemplate("search://{?q,limit}").match("search://?limit=5&q=x") }).toEqual({ q: "x", limit: "5" });
  });

  it("rejects URIs that are not instances of the template", () => {
    const t = compileUriTemplate("trips://{id}{?lang}");
    expect(t.match("trips://7?currency=eur")).toBeUndefined();
    expect(t.match("notes://7")).toBeUndefined();
    expect(compileUriTemplate("notes://{id}").match("notes://a/b")).toBeUndefined();
    expect(compileUriTemplate("notes://{id}").match("notes://a?x=1")).toBeUndefined();
    expect(compileUriTemplate("notes://{id}").match("notes://a#frag")).toBeUndefined();
  });

  it("lists the variables of every expression", () => {
    expect(compileUriTemplate("a://{x}{/y}{?p,q}{#f}").variables).toEqual(["x", "y", "p", "q", "f"]);
  });
});
