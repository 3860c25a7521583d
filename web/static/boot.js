// Starts compiling the page's WebAssembly module before anything else, so
// that it is ready as the page's modules arrive (js/robots.js runs it).
// The module is robots.wasm beside the page, or, in the single-file page,
// the element robots-wasm before this script: gzipped, in base64.
globalThis.robotsModule = (() => {
  const inline = document.getElementById("robots-wasm");
  if (inline) {
    const text = inline.textContent.trim();
    let bytes;
    if (Uint8Array.fromBase64) {
      bytes = Uint8Array.fromBase64(text);
    } else {
      const bin = atob(text);
      bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    }
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then((b) => WebAssembly.compile(b));
  }
  const url = new URL("robots.wasm", document.baseURI);
  // A host that does not serve the module as application/wasm defeats
  // compiling it while it downloads: then it is compiled once it is there.
  return WebAssembly.compileStreaming(fetch(url)).catch(() =>
    fetch(url).then((resp) => {
      if (!resp.ok) throw new Error(`${url}: ${resp.status} ${resp.statusText}`);
      return resp.arrayBuffer();
    }).then((b) => WebAssembly.compile(b)));
})();
