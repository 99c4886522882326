/** The Pocket ID rule (companion §5): not empty once trimmed. */
export function validatePocketId(value: string): { id: string } | { errorKey: string } {
  const id = value.trim();
  return id ? { id } : { errorKey: 'pocket.idRequired' };
}
