/** node-forge's sub-modules carry no types of their own: the core module is typed as the whole package. */
declare module 'node-forge/lib/forge' {
  import forge from 'node-forge';
  export default forge;
}
declare module 'node-forge/lib/jsbn';
declare module 'node-forge/lib/rsa';
declare module 'node-forge/lib/sha256';
