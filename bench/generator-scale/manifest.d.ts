// Types of manifest.js for the tests that import it (test/generate/*).
export declare function scaleManifest(count: number): string;
