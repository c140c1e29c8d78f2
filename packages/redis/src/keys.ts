// Key and channel names, one home. Braces are Redis Cluster hash tags: the keys of one stream
// (events and meta) land on one slot so a pipeline on them is valid in a cluster too.
export interface KeySpace {
  session(id: string): string;
  stream(id: string): string;
  streamMeta(id: string): string;
  readonly busChannel: string;
  readonly sessionsChannel: string;
  readonly repliesChannel: string;
  streamChannel(id: string): string;
}

export function keySpace(prefix: string): KeySpace {
  return {
    session: (id) => `${prefix}:session:{${id}}`,
    stream: (id) => `${prefix}:stream:{${id}}`,
    streamMeta: (id) => `${prefix}:stream:{${id}}:meta`,
    busChannel: `${prefix}:bus`,
    sessionsChannel: `${prefix}:sessions`,
    repliesChannel: `${prefix}:replies`,
    streamChannel: (id) => `${prefix}:stream-events:${id}`,
  };
}
