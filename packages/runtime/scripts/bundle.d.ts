// Types of bundle.js for the TypeScript callers (test/support/fresh-bundle.ts).
export declare const BUNDLE_DIR: string;
export declare function runtimeEntries(): { subpath: string; source: string; output: string }[];
/** Builds dist/bundle/ and returns esbuild's metafile. */
export declare function bundleRuntime(): Promise<unknown>;
