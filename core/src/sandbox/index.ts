export * from './types';
export * from './sandbox';
