// The WebAssembly module: running it, and asking it questions.
//
// The module registers one function, robotsDo, which takes a request as a
// JSON string and answers with a JSON string: {"result": ...}, what
// `robots COMMAND -json` prints for the same question, or {"error": ...}.

let loading = null;

// load runs the module once; boot.js has been compiling it since the page
// started.
export function load() {
  loading ??= start();
  return loading;
}

async function start() {
  const module = await globalThis.robotsModule;
  performance.mark("robots:compiled");
  const go = new globalThis.Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  performance.mark("robots:instantiated");
  // run starts main, which registers robotsDo and waits for calls; its
  // promise settles only when the program exits, so it is not awaited.
  go.run(instance);
  performance.mark("robots:started");
  if (typeof globalThis.robotsDo !== "function") throw new Error("the module did not register robotsDo");
}

// ask sends one request and returns its result, or throws the module's
// error.
export function ask(req) {
  return JSON.parse(askText(req));
}

// askText is ask with the result as JSON text, so that an answer can be
// told unchanged without reading it.
export function askText(req) {
  const out = globalThis.robotsDo(JSON.stringify(req));
  if (out.startsWith(`{"error":`)) throw new Error(JSON.parse(out).error);
  return out.slice(`{"result":`.length, -1);
}
