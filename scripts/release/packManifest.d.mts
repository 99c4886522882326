export const SOURCE_CONDITION: string;
export const BACKUP_FILE: string;
export const PACK_HOOKS: string[];
export function packedManifest<T extends Record<string, unknown>>(pkg: T): T;
export function exportTargets(entry: unknown): string[];
