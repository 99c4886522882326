// The compiler flags of a strict consumer of our packages' declarations (a merchant's storefront, an acquirer's
// app): nodenext resolution, --strict and the two flags stricter projects add, and no skipLibCheck, so a fault in a
// shipped .d.ts shows. core/sdk/src/package.test.ts and e2e/acquirer.e2e.ts typecheck with them.
export function strictConsumerFlags({ lib, types, jsx = false }: { lib: string; types: string; jsx?: boolean }): string[] {
  return [
    '--noEmit',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--target',
    'es2022',
    '--lib',
    lib,
    ...(jsx ? ['--jsx', 'react-jsx'] : []),
    '--strict',
    '--exactOptionalPropertyTypes',
    '--noUncheckedIndexedAccess',
    '--types',
    types,
  ];
}
