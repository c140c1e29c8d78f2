import { changeOf } from "../change.js";
import type { ContractResource, ContractTemplate } from "../contract.js";
import { RESOURCE_MIME_TYPE_CHANGED, RESOURCE_SUBSCRIPTION_REMOVED, RESOURCE_URI_CHANGED, TEMPLATE_URI_CHANGED } from "../rules/manifest.js";
import type { Change } from "../types.js";
import { diffInputRequests } from "./diff-input-requests.js";
import { segment } from "./pairing.js";

/** What resources and templates share: MIME type, subscriptions, input requests. */
function diffReadable(before: ContractResource | ContractTemplate, after: ContractResource | ContractTemplate, kind: "resource" | "template", path: string, changes: Change[]): void {
  if ((before.mimeType ?? "") !== (after.mimeType ?? "")) {
    changes.push(changeOf(RESOURCE_MIME_TYPE_CHANGED, kind, path, `${path}: MIME type ${before.mimeType ?? "unset"} → ${after.mimeType ?? "unset"}`));
  }
  if (before.subscribe && !after.subscribe) changes.push(changeOf(RESOURCE_SUBSCRIPTION_REMOVED, kind, path, `${path}: subscriptions no longer supported`));
  diffInputRequests(before.inputRequests, after.inputRequests, path, changes);
}

export function diffResource(before: ContractResource, after: ContractResource, changes: Change[]): void {
  const path = segment("resources", before.name);
  if (before.uri !== after.uri) changes.push(changeOf(RESOURCE_URI_CHANGED, "resource", path, `${path}: URI ${before.uri} → ${after.uri}`));
  diffReadable(before, after, "resource", path, changes);
}

export function diffTemplate(before: ContractTemplate, after: ContractTemplate, changes: Change[]): void {
  const path = segment("templates", before.name);
  if (before.uriTemplate !== after.uriTemplate) changes.push(changeOf(TEMPLATE_URI_CHANGED, "template", path, `${path}: URI template ${before.uriTemplate} → ${after.uriTemplate}`));
  diffReadable(before, after, "template", path, changes);
}
