export { wywEsbuild, wywOptions } from '@oja/build/wyw';
