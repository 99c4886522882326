export * from './payRequest';
export * from './headers';
export * from './render';
export * from './renderOutside';
export * from './requery';
export * from './sources';
export * from './integrity';
export * from './pagePolicy';
