// Types of merge-chunks.js for the TypeScript callers (test/architecture/bundle-layout.test.ts).
export interface MetafileOutput {
  entryPoint?: string;
  imports: { path: string; kind: string; external?: boolean }[];
  exports: string[];
  inputs: Record<string, unknown>;
  bytes?: number;
}
export interface Metafile {
  inputs?: Record<string, unknown>;
  outputs: Record<string, MetafileOutput>;
}
/** Merges the chunk groups of a finished esbuild build in `workDir`; returns the rewritten metafile. */
export declare function mergeChunks(metafile: Metafile, workDir: string, options: Record<string, unknown>): Promise<Metafile>;
