// @ts-check
// The config server's behaviour: one settings object, readable whole (config://app) or one key
// at a time (config://app/{key}). set_setting changes it and tells subscribers; the generated
// package delivers that as notifications/resources/updated on a 2026-07-28 subscriptions/listen
// stream, or after resources/subscribe on a 2025-11-25 session.

/** @typedef {string | number | boolean} SettingValue */

/** @type {Map<string, SettingValue>} */
const settings = new Map(
  /** @type {[string, SettingValue][]} */ ([
    ["theme", "light"],
    ["language", "en"],
    ["pageSize", 20],
  ]),
);

/** Where each setting was last changed from (the client's first root), when the client said. */
/** @type {Map<string, string>} */
const changedIn = new Map();

const APP_URI = "config://app";
/** @param {string} key */
const settingUri = (key) => `${APP_URI}/${encodeURIComponent(key)}`;

function snapshot() {
  return Object.fromEntries([...settings].sort(([a], [b]) => a.localeCompare(b)));
}

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    async setSetting({ key, value }, ctx) {
      if (key.length === 0) return { isError: true, content: [{ type: "text", text: "the key must not be empty" }] };
      // Roots are optional context: a client without the roots capability can still change
      // settings (asking would end in -32021 on 2026-07-28). The answer is read before any
      // state changes because on 2026-07-28 this handler runs again on the client's retry.
      const workspace = ctx.canAsk("workspace") ? (await ctx.ask.workspace()).roots[0]?.uri : undefined;
      const previous = settings.get(key);
      settings.set(key, value);
      if (workspace) changedIn.set(key, workspace);
      else changedIn.delete(key);
      if (previous !== value) {
        ctx.server.notifyResourceUpdated(APP_URI);
        ctx.server.notifyResourceUpdated(settingUri(key));
      }
      return `${key} = ${JSON.stringify(value)}${previous === undefined ? " (new)" : ""}`;
    },
  },
  resources: {
    appConfig: {
      read: () => [{ uri: APP_URI, mimeType: "application/json", text: JSON.stringify(snapshot()) }],
    },
  },
  templates: {
    setting: {
      read(uri, { key }) {
        if (!settings.has(key)) return [];
        const where = changedIn.get(key);
        const body = where === undefined ? { key, value: settings.get(key) } : { key, value: settings.get(key), changedIn: where };
        return [{ uri, mimeType: "application/json", text: JSON.stringify(body) }];
      },
      complete: {
        key: (prefix) => [...settings.keys()].filter((key) => key.startsWith(prefix)).sort(),
      },
    },
  },
};
