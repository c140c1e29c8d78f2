import type { Era } from "../lock.js";

/** A request the sender makes on the wire, with the definitions that type it. */
export interface RequestEntry {
  readonly method: string;
  /** Definition of the whole request message (e.g. `CallToolRequest`). */
  readonly request: string;
  /** Definition of the successful result (e.g. `CallToolResult`). */
  readonly result: string;
  /** Modern era: the response may be an `InputRequiredResult` instead (MRTR). */
  readonly inputRequired?: boolean;
}

export interface NotificationEntry {
  readonly method: string;
  readonly notification: string;
}

/**
 * The methods of one spec revision, by direction.
 *
 * HAND-CURATED ON PURPOSE: these tables are written from the spec text, not derived from
 * `method` consts in schema.json. In 2026-07-28 `elicitation/create`, `sampling/createMessage`
 * and `roots/list` still carry a `method` const but are no longer wire requests: they only
 * appear embedded in `InputRequiredResult.inputRequests` (spec 2026-07-28, basic/patterns/mrtr).
 * A generator walking `method` literals would emit routes for messages no peer may send.
 * test/spec-methods.test.ts checks each table against the schema's union definitions.
 */
export interface MethodTable {
  readonly revision: string;
  readonly era: Era;
  readonly clientRequests: readonly RequestEntry[];
  readonly clientNotifications: readonly NotificationEntry[];
  /** Legacy only: requests the server sends to the client. Empty on the modern era. */
  readonly serverRequests: readonly RequestEntry[];
  readonly serverNotifications: readonly NotificationEntry[];
  /** Modern only: requests embedded in `InputRequiredResult.inputRequests`, never sent as messages. */
  readonly inputRequests: readonly RequestEntry[];
}
