// @ts-check
// The secure notes server's behaviour: the notes server, keyed by the caller. Authorization
// (tokens, scopes, 401/403) is done before a handler runs; `ctx.auth` says who is calling.
import { resourceNotFound } from "@mcp-gen/runtime/server";

/** @typedef {{ id: string, title: string, body: string }} Note */

/** Notes per token subject: one user never sees another's. @type {Map<string, Map<string, Note>>} */
const byUser = new Map();
let nextId = 1;

/** @param {{ auth: { subject: string } | undefined }} ctx */
function notesOf(ctx) {
  // stdio has no token: the process's own user owns everything.
  const owner = ctx.auth?.subject ?? "(local)";
  let notes = byUser.get(owner);
  if (!notes) byUser.set(owner, (notes = new Map()));
  return notes;
}

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    listNotes(_args, ctx) {
      return { structuredContent: { notes: [...notesOf(ctx).values()] } };
    },
    addNote({ title, body }, ctx) {
      const id = String(nextId++);
      notesOf(ctx).set(id, { id, title, body });
      return { structuredContent: { id } };
    },
    deleteNote({ id }, ctx) {
      return notesOf(ctx).delete(id) ? `deleted ${id}` : { isError: true, content: [{ type: "text", text: `no note ${id}` }] };
    },
    whoami(_args, ctx) {
      const auth = ctx.auth;
      if (!auth) return { structuredContent: { subject: "(local)", scopes: [] } };
      return { structuredContent: { subject: auth.subject, ...(auth.clientId ? { clientId: auth.clientId } : {}), scopes: [...auth.scopes] } };
    },
  },
  templates: {
    note: {
      read(uri, { id }, ctx) {
        const note = notesOf(ctx).get(id);
        if (!note) throw resourceNotFound(ctx.era, uri);
        return [{ uri, mimeType: "text/markdown", text: `# ${note.title}\n\n${note.body}\n` }];
      },
    },
  },
};
