/** See boot-files.mjs: the JS and CSS files the shell's async boundary needs, from rspack's stats JSON. */
export function bootFiles(stats: unknown, bootRequest?: string): string[];
