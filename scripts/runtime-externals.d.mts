/** Types for runtime-externals.mjs (plain JS so build scripts run without tsx). */
export declare const RUNTIME_EXTERNALS: string[];
export declare function dependencyClosure(names: string[], fromDir: string): Map<string, string>;
export declare const RUNTIME_FILES: string[];
export declare function copyRuntimeFiles(fromDir: string, toDir: string): Promise<void>;
