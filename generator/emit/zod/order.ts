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
  // Kahn's algorithm over the condensation; among the ready components the one whose
  // first (smallest) name sorts first goes next.
  const waitingOn = components.map(() => 0);
  const dependents = components.map((): number[] => []);
  components.forEach((component, i) => {
    const needs = new Set<number>();
    for (const node of component) {
      for (const next of graph.get(node) ?? []) {
        const target = componentOf.get(next);
        if (target !== undefined && target !== i) needs.add(target);
      }
    }
    waitingOn[i] = needs.size;
    for (const need of needs) dependents[need]!.push(i);
  });
  // Kept sorted by first name, newly ready components inserted in place: re-sorting the whole
  // list on every step was quadratic (~50 ms of a 1,000-tool module's 1,333 components).
  const first = (i: number) => components[i]![0]!;
  const ready = components
    .map((_, i) => i)
    .filter((i) => waitingOn[i] === 0)
    .sort((a, b) => (first(a) < first(b) ? -1 : 1));
  const insert = (i: number) => {
    let lo = 0;
    let hi = ready.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (first(ready[mid]!) < first(i)) lo = mid + 1;
      else hi = mid;
    }
    ready.splice(lo, 0, i);
  };
  const ordered: string[][] = [];
  while (ready.length > 0) {
    const next = ready.shift()!;
    ordered.push(components[next]!);
    for (const dependent of dependents[next]!) {
      waitingOn[dependent]!--;
      if (waitingOn[dependent] === 0) insert(dependent);
    }
  }
  if (ordered.length !== components.length) throw new Error("internal: dependency graph of components is not acyclic");
  return ordered;
}
