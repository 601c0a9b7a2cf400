/** Types for runtime-externals.mjs (plain JS so build scripts run without tsx). */
export declare const RUNTIME_EXTERNALS: string[];
export declare function dependencyClosure(names: string[], fromDir: string): Map<string, string>;
