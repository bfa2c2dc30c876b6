// Browser stand-in for node:zlib: tables are decompressed with DecompressionStream before decoding.
function unavailable(): never {
  throw new Error('gzip is not available synchronously in the browser');
}
export const gunzipSync = unavailable;
export const gzipSync = unavailable;
