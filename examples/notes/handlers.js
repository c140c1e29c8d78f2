// @ts-check
// The notes server's behaviour. Everything protocol-shaped (both eras, validation, MRTR,
// caching, transports) comes from the package generated from mcp.yaml into ./generated.
import { resourceNotFound } from "@mcp-gen/runtime/server";

/** @typedef {{ id: string, title: string, body: string }} Note */

/** @type {Map<string, Note>} */
const notes = new Map();
let nextId = 1;

/** @param {Note} note */
const asMarkdown = (note) => `# ${note.title}\n\n${note.body}\n`;

/**
 * @param {import("./generated/dist/index.js").BaseContext} ctx
 */
function indexChanged(ctx) {
  ctx.server.notifyResourceUpdated("notes://index");
}

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    addNote({ title, body }, ctx) {
      const id = String(nextId++);
      notes.set(id, { id, title, body });
      indexChanged(ctx);
      return { structuredContent: { id } };
    },
    listNotes() {
      return { structuredContent: { notes: [...notes.values()] } };
    },
    async deleteNote({ id }, ctx) {
      const note = notes.get(id);
      if (!note) return { isError: true, content: [{ type: "text", text: `no note ${id}` }] };
      const answer = await ctx.ask.confirm({ message: `Delete "${note.title}"? This cannot be undone.` });
      if (answer.action === "accept" && answer.content.confirm) {
        notes.delete(id);
        indexChanged(ctx);
        return `deleted ${id}`;
      }
      return `kept ${id}`;
    },
  },
  prompts: {
    summarizeNotes: {
      async get({ topic, style }, ctx) {
        const matching = [...notes.values()].filter((n) => n.title.toLowerCase().includes(topic.toLowerCase()));
        const text = matching.map((n) => `- ${n.title}: ${n.body}`).join("\n") || "(no matching notes)";
        const request = `Summarize these notes${style ? ` (${style})` : ""}:\n${text}`;
        // With a client that can sample, draft the summary with its model; otherwise hand back the request.
        if (!ctx.canAsk("draft")) return { messages: [{ role: "user", content: { type: "text", text: request } }] };
        const draft = await ctx.ask.draft({ messages: [{ role: "user", content: { type: "text", text: request } }] });
        const draftText = Array.isArray(draft.content) ? "" : String(draft.content["text"] ?? "");
        return {
          description: `Summary of ${matching.length} note(s) about ${topic}`,
          messages: [
            { role: "user", content: { type: "text", text: request } },
            { role: "assistant", content: { type: "text", text: draftText } },
          ],
        };
      },
      complete: {
        topic: (value) => [...new Set([...notes.values()].flatMap((n) => n.title.toLowerCase().split(/\W+/)))].filter((w) => w && w.startsWith(value.toLowerCase())).sort(),
      },
    },
  },
  resources: {
    index: {
      read: () => [{ uri: "notes://index", mimeType: "application/json", text: JSON.stringify([...notes.values()].map(({ id, title }) => ({ id, title }))) }],
    },
  },
  templates: {
    note: {
      read(uri, { id }, ctx) {
        const note = notes.get(id);
        // The era-correct "resource not found" error (-32602 on 2026-07-28, -32002 before), with data.uri.
        if (!note) throw resourceNotFound(ctx.era, uri);
        return [{ uri, mimeType: "text/markdown", text: asMarkdown(note) }];
      },
      complete: {
        id: (value) => [...notes.keys()].filter((id) => id.startsWith(value)),
      },
    },
  },
};
