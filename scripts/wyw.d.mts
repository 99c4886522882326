export declare const wywOptions: {
  babelOptions: { presets: Array<string | [string, Record<string, unknown>]> };
  classNameSlug: (hash: string, title: string) => string;
};
