import type { InputRequest, Manifest, ToolAnnotations } from "../../manifest/ir.js";
import type { ContractInputRequest, ContractToolHints, ServerContract } from "../contract.js";

function hintsOf(annotations: ToolAnnotations): ContractToolHints {
  const { title: _display, ...hints } = annotations;
  return hints;
}

function inputRequestsOf(requests: readonly InputRequest[]): ContractInputRequest[] {
  return requests.map((r) => ({ key: r.key, kind: r.kind, requires: r.requires, ...(r.kind === "elicit" ? { schema: r.schema } : {}) }));
}

/** The observable contract of a loaded manifest (IR schemas are already bundled: refs resolve locally). */
export function contractFromManifest(manifest: Manifest): ServerContract {
  return {
    revisions: [...manifest.revisions],
    tools: manifest.tools.map((t) => ({
      name: t.name,
      inputSchema: t.inputSchema,
      ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
      ...(t.annotations !== undefined ? { annotations: hintsOf(t.annotations) } : {}),
      inputRequests: inputRequestsOf(t.inputRequests),
      ...(t.scopes ? { scopes: [...t.scopes] } : {}),
      ...(t.task && t.task.support !== "forbidden" ? { taskSupport: t.task.support } : {}),
      ...(t._meta ? { _meta: t._meta } : {}),
    })),
    prompts: manifest.prompts.map((p) => ({
      name: p.name,
      arguments: p.arguments.map((a) => ({ name: a.name, required: a.required })),
      inputRequests: inputRequestsOf(p.inputRequests),
      ...(p.scopes ? { scopes: [...p.scopes] } : {}),
      ...(p._meta ? { _meta: p._meta } : {}),
    })),
    resources: manifest.resources.map((r) => ({
      name: r.name,
      uri: r.uri,
      ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
      subscribe: r.subscribe,
      inputRequests: inputRequestsOf(r.inputRequests),
      ...(r.scopes ? { scopes: [...r.scopes] } : {}),
      ...(r._meta ? { _meta: r._meta } : {}),
    })),
    templates: manifest.templates.map((t) => ({
      name: t.name,
      uriTemplate: t.uriTemplate,
      ...(t.mimeType !== undefined ? { mimeType: t.mimeType } : {}),
      subscribe: t.subscribe,
      inputRequests: inputRequestsOf(t.inputRequests),
      ...(t.scopes ? { scopes: [...t.scopes] } : {}),
      ...(t._meta ? { _meta: t._meta } : {}),
    })),
    handles: manifest.handles.map((h) => ({ name: h.name, ttlMs: h.ttlMs })),
    ...(manifest.auth ? { auth: { required: [...manifest.auth.required] } } : {}),
    ...(manifest.extensions ? { extensions: manifest.extensions } : {}),
    ...(manifest.methods ? { methods: manifest.methods.map((m) => ({ name: m.name, extension: m.extension, params: m.params, result: m.result })) } : {}),
    ...(manifest.notifications ? { notifications: manifest.notifications.map((n) => ({ name: n.name, extension: n.extension, direction: n.direction, params: n.params })) } : {}),
  };
}
