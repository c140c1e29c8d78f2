// Task ids are bearer-like references to stored state, so they MUST be unguessable
// (extensions/tasks § Security Considerations): 144 random bits, base64url.
import { randomBytes } from "node:crypto";

export function newTaskId(): string {
  return randomBytes(18).toString("base64url");
}
