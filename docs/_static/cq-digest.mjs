/* A short fingerprint of the packed engine (FNV-1a, 32 bits, as 8 hex digits), shared by the worker and the build
   script that makes the engine's memory snapshot (docs/_ext/conquian_site/snapshot.mjs): a snapshot is used only
   with the very zip it was made from, so a site whose files were updated by halves still runs one engine.  Not a
   security check (the site serves both files); a cheap one that needs no secure context. */
export function fingerprint(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
