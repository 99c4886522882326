export * from '@oja/build';
