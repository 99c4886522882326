export * from './payRequest';
export * from './headers';
export * from './render';
export * from './renderOutside';
export * from './requery';
export { homePage } from '../outside/homePage';
export type { HomePageOptions, HomeTestCard } from '../outside/homePage';
