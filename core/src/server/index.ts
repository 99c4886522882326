export * from './payRequest';
export * from './headers';
export * from './render';
export * from './requery';
