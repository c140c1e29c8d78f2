// Deterministic ordering of declarations: strongly connected components (Tarjan), then
// dependencies-first topological order of the components with ties broken by name.

/** Components of `graph` (node → the nodes it references); each component sorted by name. */
export function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const strongConnect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        strongConnect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) strongConnect(node);
  return components;
}

/** Components in dependency order: a component comes after everything it references. */
export function topologicalComponents(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const components = stronglyConnected(graph);
  const componentOf = new Map<string, number>();
  components.forEach((component, i) => component.forEach((node) => componentOf.set(node, i)));
  const pending = components.map((component, i) => {
    const needs = new Set<number>();
    for (const node of component) for (const next of graph.get(node) ?? []) {
      const target = componentOf.get(next);
      if (target !== undefined && target !== i) needs.add(target);
    }
    return needs;
  });
  const done = new Set<number>();
  const ordered: string[][] = [];
  while (ordered.length < components.length) {
    let pick: number | undefined;
    for (let i = 0; i < components.length; i++) {
      if (done.has(i) || [...pending[i]!].some((need) => !done.has(need))) continue;
      if (pick === undefined || components[i]![0]! < components[pick]![0]!) pick = i;
    }
    if (pick === undefined) throw new Error("internal: dependency graph of components is not acyclic");
    done.add(pick);
    ordered.push(components[pick]!);
  }
  return ordered;
}
