// Types for bin/bundle.js (plain JavaScript: bin/loader.js runs it before TypeScript can load).
import type { BuildOptions, Plugin } from 'esbuild';

export declare const ownImportMeta: Plugin;
export declare const bundleOptions: BuildOptions & { metafile: true };
export declare function bundledEntry(entry: string): Promise<string | null>;
