// Live lists: tools, prompts, resources and resource templates enabled, disabled, added and
// removed while the server runs. Each change rebuilds that family's lookup and pre-serialized
// pages once (compile.ts compileFamily), then announces it on the change bus, which feeds modern
// listens and legacy sessions alike.
//
// DECISION (2025-11-25 server/tools § List Changed Notification; 2026-07-28 server/tools § List
// Changed Notification, delivered through basic/patterns/subscriptions): the notification goes
// out only when the family's capability says `listChanged: true`; a server that did not declare
// it may still change its lists (a client sees the change on its next list), it just promises
// nothing. A disabled or removed tool is unknown to tools/call: -32602 (server/tools § Error
// Handling, both revisions), the same answer as a name that never existed.
// DECISION: declared items (those of the definition, typed from the manifest) can be disabled
// but not removed, so their typed accessors always hold an item; dynamic items (add()) can be
// removed. On the wire the two are the same thing. A re-enabled item keeps its list position.
// A call already running when its tool is disabled finishes normally.
import type { CompiledServer, Family } from "./compile.js";
import { compileFamily, hasTaskTools } from "./compile.js";
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ServerDefinition, ToolDefinition } from "./definition.js";
import type { ChangeEvent } from "../subscriptions/event-bus.js";
import { compileUriTemplate } from "../uri/template.js";

/** One tool, prompt, resource or template of a live list. */
export interface LiveItem {
  /** Tool or prompt name, resource URI, or URI template. */
  readonly key: string;
  /** Whether it is listed and callable now. */
  readonly enabled: boolean;
  /** Whether it came from the server definition (declared items cannot be removed). */
  readonly declared: boolean;
  enable(): void;
  disable(): void;
  /** Dynamic items only; a declared item throws (disable it instead). */
  remove(): void;
}

/** A family of the server whose members change at run time. */
export interface LiveList<D> {
  /** The item with this key (enabled or disabled), or undefined. */
  get(key: string): LiveItem | undefined;
  has(key: string): boolean;
  /** Keys of the enabled items, in list order. */
  keys(): string[];
  /** Adds a dynamic item (enabled); throws when the key is taken or the server cannot serve it. */
  add(definition: D): LiveItem;
  /** Removes a dynamic item; false when there is none with this key. */
  remove(key: string): boolean;
}

export interface LiveLists {
  tools: LiveList<ToolDefinition<any>>;
  prompts: LiveList<PromptDefinition>;
  resources: LiveList<ResourceDefinition>;
  resourceTemplates: LiveList<ResourceTemplateDefinition>;
}

interface Entry<D> {
  definition: D;
  enabled: boolean;
  declared: boolean;
  item: LiveItem;
}

interface FamilySpec<D> {
  family: Family;
  noun: string;
  keyOf(definition: D): string;
  /** The capability family whose presence lets the server serve this list. */
  capability: "tools" | "prompts" | "resources";
  event: ChangeEvent;
}

const SPECS = {
  tools: { family: "tools", noun: "tool", keyOf: (d: ToolDefinition<any>) => d.name, capability: "tools", event: { type: "toolsListChanged" } },
  prompts: { family: "prompts", noun: "prompt", keyOf: (d: PromptDefinition) => d.name, capability: "prompts", event: { type: "promptsListChanged" } },
  resources: { family: "resources", noun: "resource", keyOf: (d: ResourceDefinition) => d.uri, capability: "resources", event: { type: "resourcesListChanged" } },
  resourceTemplates: {
    family: "resourceTemplates",
    noun: "resource template",
    keyOf: (d: ResourceTemplateDefinition) => d.uriTemplate,
    capability: "resources",
    event: { type: "resourcesListChanged" },
  },
} as const;

/**
 * Makes the families of `compiled` live. `publish` announces a change (the server's bus);
 * `tasks` says whether the server runs a task engine (a task tool cannot be added without one).
 */
export function createLiveLists(compiled: CompiledServer, publish: (event: ChangeEvent) => void, tasks: boolean): LiveLists {
  // The catalog the lists are compiled from: the definition with only the enabled items.
  let current: ServerDefinition = compiled.definition;
  const make = <D>(spec: FamilySpec<D>, declared: readonly D[], check: (definition: D) => void): LiveList<D> => {
    const entries = new Map<string, Entry<D>>();
    const rebuild = () => {
      const enabled = [...entries.values()].filter((e) => e.enabled).map((e) => e.definition);
      current = { ...current, [spec.family]: enabled };
      compiled.definition = current;
      compileFamily(compiled, current, spec.family);
      publish(spec.event);
    };
    const entryOf = (key: string, item: LiveItem): Entry<D> => {
      const entry = entries.get(key);
      if (entry === undefined || entry.item !== item) throw new Error(`${spec.noun} '${key}' was removed`);
      return entry;
    };
    const setEnabled = (key: string, item: LiveItem, enabled: boolean) => {
      const entry = entryOf(key, item);
      if (entry.enabled === enabled) return;
      entry.enabled = enabled;
      rebuild();
    };
    const insert = (definition: D, isDeclared: boolean): LiveItem => {
      const key = spec.keyOf(definition);
      const item: LiveItem = {
        key,
        get enabled() {
          return entries.get(key)?.item === item && (entries.get(key)?.enabled ?? false);
        },
        declared: isDeclared,
        enable: () => setEnabled(key, item, true),
        disable: () => setEnabled(key, item, false),
        remove: () => {
          entryOf(key, item);
          list.remove(key);
        },
      };
      entries.set(key, { definition, enabled: true, declared: isDeclared, item });
      return item;
    };
    for (const definition of declared) insert(definition, true);
    const list: LiveList<D> = {
      get: (key) => entries.get(key)?.item,
      has: (key) => entries.has(key),
      keys: () => [...entries.values()].filter((e) => e.enabled).map((e) => spec.keyOf(e.definition)),
      add(definition) {
        const key = spec.keyOf(definition);
        if (typeof key !== "string" || key === "") throw new Error(`a ${spec.noun} needs a non-empty ${spec.family === "tools" || spec.family === "prompts" ? "name" : "key"}`);
        if (entries.has(key)) throw new Error(`${spec.noun} '${key}' already exists`);
        if (compiled.capabilities[spec.capability] === undefined) {
          throw new Error(
            `this server does not advertise '${spec.capability}': declare at least one ${spec.noun} or capabilities.listChanged.${spec.capability}: true to add ${spec.noun}s at run time`,
          );
        }
        check(definition);
        const item = insert(definition, false);
        rebuild();
        return item;
      },
      remove(key) {
        const entry = entries.get(key);
        if (entry === undefined) return false;
        if (entry.declared) throw new Error(`${spec.noun} '${key}' is declared by the server definition: disable it instead of removing it`);
        entries.delete(key);
        if (entry.enabled) rebuild();
        return true;
      },
    };
    return list;
  };
  const def = compiled.definition;
  const none = () => {};
  return {
    tools: make(SPECS.tools, def.tools ?? [], (tool) => {
      if (!tasks && hasTaskTools({ ...def, tools: [tool] })) {
        throw new Error(`tool '${tool.name}' runs as a task, but the server was built without task tools (the tasks capability is fixed at start)`);
      }
    }),
    prompts: make(SPECS.prompts, def.prompts ?? [], none),
    resources: make(SPECS.resources, def.resources ?? [], none),
    // A bad template throws here, before the list changes.
    resourceTemplates: make(SPECS.resourceTemplates, def.resourceTemplates ?? [], (template) => void compileUriTemplate(template.uriTemplate)),
  };
}

/** A live list with one typed accessor per declared item (generated servers; keys from the manifest). */
export type TypedLiveList<D, K extends string> = LiveList<D> & { readonly [P in Exclude<K, keyof LiveList<D>>]: LiveItem };

/** Accessor name → item key, per family (what a generated server passes to withLiveItems). */
export interface LiveItemKeys<T extends string, P extends string, R extends string, M extends string> {
  tools?: Record<T, string>;
  prompts?: Record<P, string>;
  resources?: Record<R, string>;
  resourceTemplates?: Record<M, string>;
}

export type WithLiveItems<S extends LiveLists, T extends string, P extends string, R extends string, M extends string> = Omit<S, keyof LiveLists> & {
  readonly tools: TypedLiveList<ToolDefinition<any>, T>;
  readonly prompts: TypedLiveList<PromptDefinition, P>;
  readonly resources: TypedLiveList<ResourceDefinition, R>;
  readonly resourceTemplates: TypedLiveList<ResourceTemplateDefinition, M>;
};

/**
 * Adds `server.tools.<accessor>` (and the other families') getters for declared items. An
 * accessor named like a list method (get, has, keys, add, remove) is skipped: use get(key).
 */
export function withLiveItems<S extends LiveLists, T extends string = never, P extends string = never, R extends string = never, M extends string = never>(
  server: S,
  keys: LiveItemKeys<T, P, R, M>,
): WithLiveItems<S, T, P, R, M> {
  for (const family of ["tools", "prompts", "resources", "resourceTemplates"] as const) {
    const list = server[family] as LiveList<unknown>;
    for (const [accessor, key] of Object.entries<string>(keys[family] ?? {})) {
      if (Object.hasOwn(list, accessor)) continue;
      const item = list.get(key);
      if (item === undefined || !item.declared) throw new Error(`withLiveItems: no declared ${SPECS[family].noun} '${key}'`);
      Object.defineProperty(list, accessor, { value: item, enumerable: true });
    }
  }
  return server as unknown as WithLiveItems<S, T, P, R, M>;
}
