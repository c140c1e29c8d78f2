// A minimal MCP Apps host page for the browser test: ext-apps' OWN host-side bridge (AppBridge
// and PostMessageTransport from @modelcontextprotocol/ext-apps/app-bridge, bundled by esbuild)
// renders an app page in a sandboxed iframe, with the CSP and `allow` the resource's `_meta.ui`
// asks for. Tool calls from the page go to `window.hostCallTool`, which the test binds to a real
// MCP client in Node (a node-side relay to the generated server).
import { AppBridge, buildAllowAttribute, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface Csp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}
interface MountOptions {
  html: string;
  ui: { csp?: Csp; permissions?: Record<string, object> };
  toolInput: Record<string, unknown>;
  toolResult: Record<string, unknown>;
}
declare global {
  interface Window {
    hostCallTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>;
    mountApp(options: MountOptions): Promise<string>;
  }
}

/** The iframe's policy from `_meta.ui.csp`: deny by default, inline code allowed, declared origins only. */
function policyOf(csp: Csp = {}): string {
  const list = (origins: string[] | undefined, none: string) => (origins && origins.length > 0 ? origins.join(" ") : none);
  const resources = list(csp.resourceDomains, "");
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`.trim(),
    `style-src 'unsafe-inline' ${resources}`.trim(),
    `img-src data: ${resources}`.trim(),
    `font-src ${list(csp.resourceDomains, "'none'")}`,
    `media-src ${list(csp.resourceDomains, "'none'")}`,
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'self'")}`,
  ].join("; ");
}

window.mountApp = async ({ html, ui, toolInput, toolResult }) => {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  const allow = buildAllowAttribute(ui.permissions);
  if (allow) iframe.setAttribute("allow", allow);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policyOf(ui.csp).replace(/"/g, "&quot;")}">`;
  iframe.srcdoc = html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`);
  document.getElementById("slot")!.append(iframe);

  const bridge = new AppBridge(null, { name: "apps-test-host", version: "1.0.0" }, { serverTools: {}, sandbox: { csp: ui.csp ?? {}, permissions: ui.permissions ?? {} } });
  bridge.oncalltool = async (params) => (await window.hostCallTool(params)) as never;
  const initialized = new Promise<void>((done) => {
    bridge.oninitialized = () => done();
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  await initialized;
  await bridge.sendToolInput({ arguments: toolInput });
  await bridge.sendToolResult(toolResult as never);
  document.getElementById("status")!.textContent = "app initialized";
  return allow;
};
