// The page's state in the URL fragment: JSON, compressed with deflate-raw
// (CompressionStream) and written in base64url, after "#s=". A link holds
// the whole case (the file, the new version, the URLs, the agent, the
// dialect and the view), and the fragment is never sent to a server.

const prefix = "#s=";

// encode returns the fragment that holds state.
export async function encode(state) {
  const json = new TextEncoder().encode(JSON.stringify({ v: 1, ...state }));
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return prefix + toBase64url(bytes);
}

// decode returns the state a fragment holds, or null when it holds none.
export async function decode(fragment) {
  if (!fragment.startsWith(prefix)) return null;
  try {
    const bytes = fromBase64url(fragment.slice(prefix.length));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const state = JSON.parse(await new Response(stream).text());
    if (state === null || typeof state !== "object" || state.v !== 1) return null;
    return state;
  } catch {
    return null;
  }
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(s) {
  const bin = atob(s.replaceAll("-", "+").replaceAll("_", "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
