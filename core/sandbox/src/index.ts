export * from '@oja/core/sandbox-part';
export * from './sandbox';
export * from './passport';
export * from './serve';
export * from './channelParts';
export * from './providerPage';
export * from './testPage';
export * from './embedded';
