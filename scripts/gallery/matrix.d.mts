export declare const BRANDINGS: readonly string[];
export declare const LOCALES: readonly string[];
export declare const WIDTHS_PX: readonly number[];
export declare const DESKTOP_HEIGHT_PX: number;
export declare const PHONE_HEIGHT_PX: number;

export interface Options {
  only?: string;
  brandings: string[];
  locales: string[];
  widths: number[];
  out?: string;
  storybook?: string;
  /** Every story and variant: the gallery is shot anew. */
  complete: boolean;
}
export interface Story {
  id: string;
  title: string;
  name: string;
}
export interface Shot extends Story {
  branding: string;
  locale: string;
  width: number;
}
/** A shot as the page lists it. */
export interface TakenShot extends Shot {
  file: string;
  imageWidth: number;
  imageHeight: number;
  /** Why the shot may not show the state (it was taken anyway). */
  problem?: string;
}
export interface StorybookIndex {
  entries: Record<string, { id: string; title: string; name: string; type: string }>;
}

export declare function viewportOf(width: number): { width: number; height: number; fullPage: boolean };
export declare function parseOptions(argv: string[]): Options;
export declare function storiesOf(index: StorybookIndex, only?: string): Story[];
export declare function shotsOf(stories: Story[], o: Pick<Options, 'brandings' | 'locales' | 'widths'>): Shot[];
export declare function fileOf(shot: Shot): string;
export declare function frameUrl(base: string, shot: Shot): string;
export declare function altOf(shot: Shot): string;
export declare function brandingName(branding: string): string;
export declare function languageName(locale: string): string;
export declare const keyOf: (shot: Shot) => string;
