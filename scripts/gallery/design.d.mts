export declare const DESIGN_DIR: string;
export declare const DESIGN_PAGE: string;
export declare const MANIFEST: string;
export declare const START_MARKER: string;
export declare const END_MARKER: string;
export declare const PNG_MAX_BYTES: number;
export declare const PHONE_MAX_HEIGHT_PX: number;
export declare const DESKTOP_SCALE: number;
export type PageKind = 'method-list' | 'google-pay-sheet' | 'inline-demo';
export declare const PAGES: Record<PageKind, string>;

/** What shows an item: stories in order of preference, else a real page, at a width. */
export interface ShotSpec {
  stories: string[];
  page?: PageKind;
  width: number;
}
export interface DesignItem {
  item: number;
  title: string;
  shots: ShotSpec[];
}
export declare const DESIGN_ITEMS: DesignItem[];

export interface ResolvedShot {
  kind: 'story' | 'page' | 'missing';
  id?: string;
  page?: PageKind;
  width: number;
  /** The story wanted first, when something else stands in for it. */
  nearest?: string;
}
export interface PlannedShot extends ResolvedShot {
  item: number;
  /** The shot's index within its item. */
  k: number;
  file: string;
}
export interface TakenDesignShot extends PlannedShot {
  bytes?: number;
  problem?: string;
}
export interface DesignSide {
  label: string;
  sha?: string;
  shotAt?: string;
  shots: TakenDesignShot[];
}
export interface DesignManifest {
  before?: DesignSide;
  after?: DesignSide;
}
export interface DesignOptions {
  before?: string;
  after: string;
  items: number[];
  keep: boolean;
}

export declare function parseDesignOptions(argv: string[]): DesignOptions;
export declare function pictureOf(item: number, k: number, side: 'before' | 'after'): string;
export declare function resolveShot(shot: ShotSpec, storyIds: Set<string>): ResolvedShot;
export declare function plan(items: number[], storyIds: Set<string>, side: 'before' | 'after'): PlannedShot[];
export declare function describeShot(s: ResolvedShot): string;
export declare function designFragment(manifest: DesignManifest, imageBase: string): string;
export declare function spliceFragment(page: string, fragment: string): string;
/** Runs the design shots with command-line arguments; answers the exit code. */
export declare function runDesign(argv: string[]): Promise<number>;
