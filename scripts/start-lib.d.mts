/** Types for start-lib.mjs (plain JS so `npm start` runs without tsx). */
export declare const FALLBACK_SENTENCE: string;
export declare const NO_DISPLAY_SENTENCE: string;
export declare function electronBinary(root: string, env?: NodeJS.ProcessEnv): string | undefined;
export declare function hasDisplay(platform?: NodeJS.Platform, env?: NodeJS.ProcessEnv): boolean;
export declare function parseUrlLine(line: string): string | undefined;
export declare function browserCommand(url: string, platform?: NodeJS.Platform, env?: NodeJS.ProcessEnv): { command: string; args: string[] } | undefined;
