export declare function newestSourceMs(root: string): number;
export declare function isUpToDate(root: string, dir: string): boolean;
export declare function buildStorybook(root: string, dir: string): Promise<void>;
export declare function serveStatic(dir: string): Promise<{ base: string; close(): Promise<void> }>;
export declare function storybookCli(root: string): string;
