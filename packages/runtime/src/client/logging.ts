// The client's side of logging [S25:server/utilities/logging; S26:server/utilities/logging]:
// checking a requested level and reading `notifications/message`. How the level reaches the
// server differs by era and lives in the sessions (legacy: logging/setLevel; modern: `_meta`).
import { LOG_LEVELS, type LogLevel } from "../core/era/envelope.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { LogMessage } from "./session/types.js";

export function isLogLevel(value: unknown): value is LogLevel {
  return (LOG_LEVELS as readonly unknown[]).includes(value);
}

/** Checks a level before it goes out (the server would answer -32602 for an unknown one). */
export function checkLogLevel(level: unknown): LogLevel {
  if (!isLogLevel(level)) throw new TypeError(`unknown log level ${JSON.stringify(level)}: expected one of ${LOG_LEVELS.join(", ")}`);
  return level;
}

/** A `notifications/message` as the log handler sees it; undefined when it is not one. */
export function logMessageOf(params: JsonObject | undefined): LogMessage | undefined {
  if (params === undefined || !isLogLevel(params["level"]) || !("data" in params)) return undefined;
  const message: LogMessage = { level: params["level"], data: params["data"] };
  if (typeof params["logger"] === "string") message.logger = params["logger"];
  return message;
}
