export declare const GENERATED_SCOPE: '@oja-bench';
export declare function generatedId(i: number): string;
export declare function generatedCode(i: number): string;
export declare function generatedChannelFiles(i: number): Record<string, string>;
export declare function writeGeneratedApp(
  dir: string,
  base: { channels: string[]; brandings: string[]; gates?: string[]; pages?: string[] },
  count: number,
): { channels: string[]; brandings: string[]; gates?: string[]; pages?: string[] };
