// The dashboard's page: it speaks the MCP Apps postMessage protocol to its host by hand (no SDK):
// `ui/initialize`, then `ui/notifications/initialized`; the host pushes the tool's result
// (`ui/notifications/tool-result`); a click calls `get_metrics` through the host (`tools/call`).
(() => {
  const pending = new Map();
  let nextId = 1;
  const send = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });
  const $ = (selector) => document.querySelector(selector);

  function showSummary(result) {
    const regions = result?.structuredContent?.regions;
    if (!Array.isArray(regions)) return;
    const body = $("#summary tbody");
    body.replaceChildren(
      ...regions.map((m) => {
        const row = document.createElement("tr");
        for (const value of [m.region, m.visitors, m.signups]) {
          const cell = document.createElement("td");
          cell.textContent = String(value);
          row.append(cell);
        }
        return row;
      }),
    );
    $("#summary").hidden = false;
  }

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (!message || message.jsonrpc !== "2.0") return;
    if (message.method === undefined && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    } else if (message.method === "ui/notifications/tool-result") {
      showSummary(message.params);
    } else if (message.method !== undefined && message.id !== undefined) {
      // Host requests the page does not act on (ping, ui/resource-teardown) get an empty result.
      send({ id: message.id, result: {} });
    }
  });

  for (const button of document.querySelectorAll("button[data-region]")) {
    button.addEventListener("click", async () => {
      $("#answer").textContent = "…";
      try {
        const result = await request("tools/call", { name: "get_metrics", arguments: { region: button.dataset.region } });
        const text = result.content?.find((c) => c.type === "text")?.text;
        $("#answer").textContent = result.isError ? `error: ${text}` : text;
      } catch (err) {
        $("#answer").textContent = `error: ${err.message}`;
      }
    });
  }

  request("ui/initialize", { appInfo: { name: "dashboard", version: "1.0.0" }, appCapabilities: {}, protocolVersion: "2026-01-26" }).then(
    (result) => {
      send({ method: "ui/notifications/initialized", params: {} });
      $("#status").textContent = `Connected to ${result.hostInfo?.name ?? "the host"}.`;
      for (const button of document.querySelectorAll("button[data-region]")) button.disabled = false;
    },
    (err) => {
      $("#status").textContent = `The host refused: ${err.message}`;
    },
  );
})();
