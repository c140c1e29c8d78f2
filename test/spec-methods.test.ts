import { describe, expect, it } from "vitest";
import { definitionsOf } from "../generator/spec-schema/errata.js";
import { revisionNames } from "../generator/spec-schema/lock.js";
import { loadRawSpec } from "../generator/spec-schema/load.js";
import { methodTable, methodTableRevisions } from "../generator/spec-schema/methods/index.js";

type Json = Record<string, any>;

/**
 * Member definitions of a union definition. schema.json inlines a one-member union
 * (2026-07-28 `ClientNotification` is a copy of `CancelledNotification`), so an inline
 * object is matched to the definition it copies.
 */
function unionMembers(defs: Json, name: string): string[] {
  const union = defs[name];
  if (!union) return [];
  if (Array.isArray(union.anyOf)) return union.anyOf.map((arm: Json) => String(arm.$ref).split("/").pop()!);
  if (typeof union.$ref === "string") return [union.$ref.split("/").pop()!];
  const { description: _ignored, ...shape } = union;
  const twin = Object.keys(defs).find((other) => {
    if (other === name) return false;
    const { description: _d, ...otherShape } = defs[other];
    return JSON.stringify(otherShape) === JSON.stringify(shape);
  });
  return twin ? [twin] : [];
}

function methodOf(defs: Json, definition: string): string {
  const method = defs[definition]?.properties?.method?.const;
  if (typeof method !== "string") throw new Error(`${definition} has no method const`);
  return method;
}

function asPairs(defs: Json, union: string): string[] {
  return unionMembers(defs, union)
    .map((member) => `${methodOf(defs, member)} ${member}`)
    .sort();
}

describe("hand-curated method tables", () => {
  it("exist for exactly the locked revisions", () => {
    expect(methodTableRevisions()).toEqual(revisionNames());
  });

  describe.each(revisionNames())("%s", (revision) => {
    const defs = definitionsOf(loadRawSpec(revision).json) as Json;
    const table = methodTable(revision);

    it("client requests match the ClientRequest union", () => {
      expect(table.clientRequests.map((e) => `${e.method} ${e.request}`).sort()).toEqual(asPairs(defs, "ClientRequest"));
    });
    it("client notifications match the ClientNotification union", () => {
      expect(table.clientNotifications.map((e) => `${e.method} ${e.notification}`).sort()).toEqual(
        asPairs(defs, "ClientNotification"),
      );
    });
    it("server requests match the ServerRequest union (none on the modern era)", () => {
      expect(table.serverRequests.map((e) => `${e.method} ${e.request}`).sort()).toEqual(asPairs(defs, "ServerRequest"));
      if (table.era === "modern") expect(defs.ServerRequest).toBeUndefined();
    });
    it("server notifications match the ServerNotification union", () => {
      expect(table.serverNotifications.map((e) => `${e.method} ${e.notification}`).sort()).toEqual(
        asPairs(defs, "ServerNotification"),
      );
    });
    it("input requests match the InputRequest union (modern only)", () => {
      expect(table.inputRequests.map((e) => `${e.method} ${e.request}`).sort()).toEqual(asPairs(defs, "InputRequest"));
    });
    it("every result definition exists and belongs to the peer's result union", () => {
      const serverResults = new Set([...unionMembers(defs, "ServerResult"), "EmptyResult"]);
      const clientResults = new Set([...unionMembers(defs, "ClientResult"), "EmptyResult", ...unionMembers(defs, "InputResponse")]);
      for (const e of table.clientRequests) expect(serverResults, `${e.method} → ${e.result}`).toContain(e.result);
      for (const e of [...table.serverRequests, ...table.inputRequests]) expect(clientResults, `${e.method} → ${e.result}`).toContain(e.result);
      for (const e of [...table.clientRequests, ...table.serverRequests, ...table.inputRequests]) expect(defs[e.result]).toBeDefined();
    });
    it("inputRequired is set exactly where the *ResultResponse union admits InputRequiredResult", () => {
      for (const e of table.clientRequests) {
        const response = defs[`${e.result}Response`];
        const arms: string[] = response?.properties?.result?.anyOf?.map((arm: Json) => String(arm.$ref).split("/").pop()) ?? [];
        expect(Boolean(e.inputRequired), e.method).toBe(arms.includes("InputRequiredResult"));
      }
    });
  });

  it("a method const alone does not make a wire request: elicitation/create is input-only in 2026-07-28", () => {
    const modern = methodTable("2026-07-28");
    const defs = definitionsOf(loadRawSpec("2026-07-28").json) as Json;
    expect(methodOf(defs, "ElicitRequest")).toBe("elicitation/create");
    expect(modern.clientRequests.some((e) => e.method === "elicitation/create")).toBe(false);
    expect(modern.serverRequests).toHaveLength(0);
    expect(modern.inputRequests.map((e) => e.method)).toContain("elicitation/create");
  });
});
