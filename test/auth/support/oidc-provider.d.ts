// The slice of oidc-provider 9 (which ships no types) the auth tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface KoaContext {
    path: string;
    status: number;
    req: IncomingMessage;
    res: ServerResponse;
    redirect(url: string): void;
  }

  interface InteractionDetails {
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    grantId?: string;
    session?: { accountId?: string };
  }

  class Grant {
    constructor(init: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: unknown);
    readonly Grant: typeof Grant;
    readonly Client: unknown;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: unknown, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
  }
}
