// Stand-in for `node:crypto` in the page's import map. The client subpath still imports it
// statically from its OAuth modules (client/auth/{client-authentication,dpop,grants/
// authorization-code}.ts), which a browser cannot resolve; nothing this page runs calls them.
// test/browser/client.test.ts pins that list, so the stub goes when those imports do.
const unavailable = (name) => () => {
  throw new Error(`node:crypto ${name} is not available in a browser`);
};
export const createHash = unavailable("createHash");
export const randomBytes = unavailable("randomBytes");
export const randomUUID = unavailable("randomUUID");
