// Task ids are bearer-like references to stored state, so they MUST be unguessable
// (extensions/tasks § Security Considerations): 144 random bits, base64url.
import { randomBase64url } from "../platform/bytes.js";

export function newTaskId(): string {
  return randomBase64url(18);
}
