// Targets and headers of `mcp-gen pull`: secrets come from the environment and never reach
// the manifest; stdio command lines split without a shell.
import { describe, expect, it } from "vitest";
import { isUserError } from "../../generator/errors.js";
import { describeTarget, expandHeaderValue, parseHeaders, resolveTarget, splitCommandLine } from "../../generator/pull/target.js";

function userErrorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isUserError(error) ? error.code : `not a user error: ${String(error)}`;
  }
  return undefined;
}

describe("header values", () => {
  const env = { TOKEN: "s3cret", KEY: "k-1" };
  it("reads a whole value from env:VAR", () => {
    expect(expandHeaderValue("env:KEY", env, "X-Api-Key")).toBe("k-1");
  });
  it("replaces ${VAR} placeholders inside a value", () => {
    expect(parseHeaders(["Authorization=Bearer ${TOKEN}", "X-Both=${KEY}/${TOKEN}"], env)).toEqual({ Authorization: "Bearer s3cret", "X-Both": "k-1/s3cret" });
  });
  it("keeps values without placeholders as written, including `=` and `env:` in the middle", () => {
    expect(parseHeaders(["X-Query=a=b", "X-Note=see env:KEY"], env)).toEqual({ "X-Query": "a=b", "X-Note": "see env:KEY" });
  });
  it("refuses a variable that is not set instead of sending an empty credential", () => {
    expect(userErrorCode(() => parseHeaders(["Authorization=Bearer ${MISSING_TOKEN}"], env))).toBe("MCPGEN4003");
    expect(userErrorCode(() => parseHeaders(["X-Api-Key=env:MISSING_KEY"], env))).toBe("MCPGEN4003");
  });
  it("refuses specs that are not NAME=VALUE with a token name", () => {
    expect(userErrorCode(() => parseHeaders(["Authorization"], env))).toBe("MCPGEN4002");
    expect(userErrorCode(() => parseHeaders(["=x"], env))).toBe("MCPGEN4002");
    expect(userErrorCode(() => parseHeaders(["Bad Name=x"], env))).toBe("MCPGEN4002");
  });
});

describe("stdio command lines", () => {
  it("splits on whitespace and honours quotes and backslashes", () => {
    expect(splitCommandLine(`node  "my server.js" --name 'a b' c\\ d`)).toEqual(["node", "my server.js", "--name", "a b", "c d"]);
    expect(splitCommandLine(`node -e "console.log(\\"x\\")"`)).toEqual(["node", "-e", `console.log("x")`]);
    expect(splitCommandLine(`a "" b`)).toEqual(["a", "", "b"]);
  });
  it("rejects an unterminated quote", () => {
    expect(userErrorCode(() => splitCommandLine(`node "server.js`))).toBe("MCPGEN4001");
  });
});

describe("targets", () => {
  it("needs exactly one of URL and --stdio", () => {
    expect(userErrorCode(() => resolveTarget({}))).toBe("MCPGEN4001");
    expect(userErrorCode(() => resolveTarget({ url: "http://127.0.0.1/mcp", stdio: "node s.js" }))).toBe("MCPGEN4001");
    expect(userErrorCode(() => resolveTarget({ url: "ftp://host/x" }))).toBe("MCPGEN4001");
    expect(userErrorCode(() => resolveTarget({ url: "not a url" }))).toBe("MCPGEN4001");
    expect(userErrorCode(() => resolveTarget({ stdio: "node s.js", headers: ["A=b"] }))).toBe("MCPGEN4002");
  });
  it("records an HTTP target without credentials, query or fragment", () => {
    const target = resolveTarget({ url: "https://user:pw@mcp.example.com:8443/v1/mcp?token=abc#x", headers: ["Authorization=Bearer ${T}"] }, { T: "s3cret" });
    expect(target).toEqual({ kind: "http", url: "https://user:pw@mcp.example.com:8443/v1/mcp?token=abc#x", headers: { Authorization: "Bearer s3cret" } });
    const shown = describeTarget(target);
    expect(shown).toBe("https://mcp.example.com:8443/v1/mcp");
    expect(shown).not.toContain("s3cret");
  });
  it("records a stdio target as a re-runnable command line", () => {
    const target = resolveTarget({ stdio: `node "dir with space/server.js" --stdio` });
    const shown = describeTarget(target);
    expect(shown).toBe(`stdio:node 'dir with space/server.js' --stdio`);
    expect(splitCommandLine(shown.slice("stdio:".length))).toEqual(["node", "dir with space/server.js", "--stdio"]);
  });
});
