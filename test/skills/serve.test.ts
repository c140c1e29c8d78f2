// Skills (SEP-2640) end to end over real HTTP on 127.0.0.1, both eras: withSkills on a
// hand-written definition, the runtime's SkillsClient on the other side. Covers enumeration
// (pagination, entries atomic), skills/get, directory reads, the -32602 answers, lazy loading,
// and verification: a server that serves other bytes than it lists is refused by size, digest
// or frontmatter, and a file the held entry does not list is never requested.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTransport, McpClient, SkillsClient, SkillVerificationError } from "../../packages/runtime/src/client-entry.js";
import { DIRECTORY_MIME_TYPE, RpcError, SKILLS_EXTENSION } from "../../packages/runtime/src/core-entry.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/node-entry.js";
import { createMcpServer, type BundledSkill, type BundledSkillFile, type ServerDefinition, withSkills } from "../../packages/runtime/src/server-entry.js";

const digest = (text: string): string => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
const file = (path: string, text: string, mimeType = "text/markdown"): BundledSkillFile => ({ path, mimeType, text, size: Buffer.byteLength(text), digest: digest(text) });
const binary = (path: string, bytes: Buffer): BundledSkillFile => ({ path, mimeType: "image/png", blob: bytes.toString("base64"), size: bytes.length, digest: `sha256:${createHash("sha256").update(bytes).digest("hex")}` });

const PDF_MD = "---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\nmetadata:\n  version: \"2.1\"\n---\n\n# PDF\n\nSee templates/.\n";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
const skills: BundledSkill[] = [
  {
    path: "pdf-processing",
    frontmatter: { name: "pdf-processing", description: "Extract, fill, and assemble PDF documents", metadata: { version: "2.1" } },
    files: [file("SKILL.md", PDF_MD), file("references/FORMS.md", "Fill fields in order.\n"), file("templates/invoice.md", "# Invoice\n"), binary("templates/logo.png", PNG), file("templates/regional/eu.md", "# EU\n")],
  },
  { path: "acme/billing/refunds", frontmatter: { name: "refunds", description: "Process refunds" }, files: [file("SKILL.md", "---\nname: refunds\ndescription: Process refunds\n---\nBody.\n")] },
  { path: "git-workflow", frontmatter: { name: "git-workflow", description: "Branch and commit conventions" }, files: [file("SKILL.md", "---\nname: git-workflow\ndescription: Branch and commit conventions\n---\n")] },
];

// A server that lists the honest entries but serves other bytes for some files.
const TAMPERED: Record<string, string> = {
  "skill://refunds-size/SKILL.md": "---\nname: refunds-size\ndescription: Process refunds\n---\nBody.\nextra\n",
  "skill://refunds-digest/SKILL.md": "---\nname: refunds-digest\ndescription: Process refunds\n---\nEvil.\n",
  "skill://refunds-frontmatter/SKILL.md": "---\nname: refunds-frontmatter\ndescription: Exfiltrate secrets\n---\n",
};

function tamperedSkills(): BundledSkill[] {
  const honest = (name: string): BundledSkill => ({ path: name, frontmatter: { name, description: "Process refunds" }, files: [file("SKILL.md", `---\nname: ${name}\ndescription: Process refunds\n---\nBody.\n`), file("more.md", "more\n")] });
  // The frontmatter case: the entry lists digest/size of the served bytes, but its frontmatter differs.
  const fm = TAMPERED["skill://refunds-frontmatter/SKILL.md"] as string;
  return [honest("refunds-size"), honest("refunds-digest"), { path: "refunds-frontmatter", frontmatter: { name: "refunds-frontmatter", description: "Process refunds" }, files: [file("SKILL.md", fm), file("more.md", "more\n")] }];
}

const base = (): ServerDefinition => ({ serverInfo: { name: "skills-test", version: "1.0.0" }, revisions: ["2026-07-28", "2025-11-25"] });
const reads: string[] = [];
let honest: ListeningServer;
let tampered: ListeningServer;

beforeAll(async () => {
  honest = await listenHttp(createMcpServer(withSkills(base(), skills, { pageSize: 2 })), { port: 0 });
  const def = withSkills(base(), tamperedSkills());
  // Swap the served content after the entries were computed, as an intermediary could.
  const resources = (def.resources ?? []).map((r) => ({
    ...r,
    read: (ctx: Parameters<typeof r.read>[0]) => {
      reads.push(r.uri);
      const swapped = TAMPERED[r.uri];
      return swapped !== undefined && !r.uri.includes("frontmatter") ? [{ uri: r.uri, mimeType: "text/markdown", text: swapped }] : r.read(ctx);
    },
  }));
  tampered = await listenHttp(createMcpServer({ ...def, resources }), { port: 0 });
});

afterAll(async () => {
  await honest?.close();
  await tampered?.close();
});

async function connect(url: string, protocol: string): Promise<McpClient> {
  const client = new McpClient({ transport: createHttpTransport({ url }), clientInfo: { name: "skills-test-client", version: "1.0.0" }, protocol });
  return client.connect();
}

describe.each(["2026-07-28", "2025-11-25"])("skills over HTTP, protocol %s", (protocol) => {
  it("advertises the extension with directoryRead and the resources capability", async () => {
    const client = await connect(honest.url, protocol);
    try {
      const extensions = client.serverCapabilities["extensions"] as Record<string, unknown>;
      expect(extensions[SKILLS_EXTENSION]).toEqual({ directoryRead: true });
      expect(client.serverCapabilities["resources"]).toBeDefined();
    } finally {
      await client.close();
    }
  });

  it("lists every skill across pages of two, each entry whole, in URI order", async () => {
    const client = await connect(honest.url, protocol);
    try {
      const first = await client.request("skills/list", {});
      expect((first["skills"] as unknown[]).length).toBe(2);
      expect(typeof first["nextCursor"]).toBe("string");
      if (protocol === "2026-07-28") expect(first).toMatchObject({ ttlMs: 0, cacheScope: "private" });
      else expect(first["ttlMs"]).toBeUndefined();
      const { skills: entries, rejected } = await new SkillsClient(client).list();
      expect(rejected).toEqual([]);
      expect(entries.map((e) => e.uri)).toEqual(["skill://acme/billing/refunds/SKILL.md", "skill://git-workflow/SKILL.md", "skill://pdf-processing/SKILL.md"]);
      const pdf = entries[2];
      expect(pdf?.frontmatter).toEqual({ name: "pdf-processing", description: "Extract, fill, and assemble PDF documents", metadata: { version: "2.1" } });
      expect(pdf?.resources).toContainEqual({ uri: "skill://pdf-processing/SKILL.md", digest: digest(PDF_MD), size: Buffer.byteLength(PDF_MD) });
      expect(pdf?.resources).toHaveLength(5);
      await expect(client.request("skills/list", { cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it("skills/get answers the entry with no cursor, -32602 for an unknown skill", async () => {
    const client = await connect(honest.url, protocol);
    try {
      const result = await client.request("skills/get", { uri: "skill://acme/billing/refunds/SKILL.md" });
      expect(result["nextCursor"]).toBeUndefined();
      expect((result["skill"] as { frontmatter: unknown }).frontmatter).toEqual({ name: "refunds", description: "Process refunds" });
      await expect(client.request("skills/get", { uri: "skill://nope/SKILL.md" })).rejects.toMatchObject({ code: -32602 });
      await expect(client.request("skills/get", {})).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it("reads directories: direct children, subdirectories as inode/directory, -32602 for a file", async () => {
    const client = await connect(honest.url, protocol);
    try {
      const skillsClient = new SkillsClient(client);
      const root = await skillsClient.readDirectory("skill://pdf-processing");
      expect(root.resources.map((r) => [r["name"], r["mimeType"]])).toEqual([
        ["SKILL.md", "text/markdown"],
        ["references", DIRECTORY_MIME_TYPE],
      ]);
      expect(root.nextCursor).toBeDefined();
      const rest = await skillsClient.readDirectory("skill://pdf-processing", root.nextCursor);
      expect(rest.resources.map((r) => r["uri"])).toEqual(["skill://pdf-processing/templates"]);
      const templates = await skillsClient.readDirectory("skill://pdf-processing/templates");
      expect(templates.resources.map((r) => r["name"])).toEqual(["invoice.md", "logo.png"]);
      await expect(skillsClient.readDirectory("skill://pdf-processing/SKILL.md")).rejects.toMatchObject({ code: -32602 });
      await expect(skillsClient.readDirectory("skill://elsewhere")).rejects.toBeInstanceOf(RpcError);
    } finally {
      await client.close();
    }
  });

  it("loads a skill lazily and reads text and binary files verified; unlisted files are refused unread", async () => {
    const client = await connect(honest.url, protocol);
    try {
      const skillsClient = new SkillsClient(client);
      const { skills: entries } = await skillsClient.list();
      const loaded = await skillsClient.load(entries.find((e) => e.frontmatter.name === "pdf-processing")!);
      expect(loaded.skillFile.text).toBe(PDF_MD);
      expect(loaded.files).toEqual(["SKILL.md", "references/FORMS.md", "templates/invoice.md", "templates/logo.png", "templates/regional/eu.md"]);
      expect((await loaded.readFile("references/FORMS.md")).text).toBe("Fill fields in order.\n");
      expect(Buffer.from((await loaded.readFile("templates/logo.png")).bytes)).toEqual(PNG);
      await expect(loaded.readFile("templates/credit-note.md")).rejects.toMatchObject({ reason: "unlisted" });
      // Given only a URI, load asks skills/get first.
      expect((await skillsClient.load("skill://git-workflow/SKILL.md")).entry.frontmatter.name).toBe("git-workflow");
    } finally {
      await client.close();
    }
  });

  it.each([
    ["refunds-size", "size"],
    ["refunds-digest", "digest"],
    ["refunds-frontmatter", "frontmatter"],
  ])("refuses %s (%s mismatch) and reads none of its other files", async (name, reason) => {
    const client = await connect(tampered.url, protocol);
    try {
      const skillsClient = new SkillsClient(client);
      const { skills: entries } = await skillsClient.list();
      expect(reads).toEqual([]);
      const entry = entries.find((e) => e.frontmatter.name === name)!;
      const error = await skillsClient.load(entry).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SkillVerificationError);
      expect((error as SkillVerificationError).reason).toBe(reason);
      expect(reads).toEqual([`skill://${name}/SKILL.md`]);
    } finally {
      reads.length = 0;
      await client.close();
    }
  });
});
