export * from './types';
export * from './sandbox';
export * from './serve';
export * from './channelParts';
export * from './providerPage';
export * from './testPage';
