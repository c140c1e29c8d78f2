// Errors that reach the user. A UserError is the user's to fix (exit 1, no stack trace);
// anything else escaping the CLI is a bug in mcp-gen (exit 2). Its code must be in the registry.
import type { DiagnosticCode } from "./diagnostics/codes.js";

export class UserError extends Error {
  readonly code: DiagnosticCode;
  readonly hint: string | undefined;
  constructor(code: DiagnosticCode, message: string, hint?: string) {
    super(message);
    this.name = "UserError";
    this.code = code;
    this.hint = hint;
  }
}

export function isUserError(err: unknown): err is UserError {
  return err instanceof UserError;
}
