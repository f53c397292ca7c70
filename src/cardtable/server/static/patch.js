// Protocol 2 of the table's WebSocket (docs/web.md, "The wire format"): after a full view the
// server sends only {type: "update", v, seq, patch}, where patch is a JSON Patch (RFC 6902) that
// turns the view numbered v - 1 into the one numbered v. The server makes only "add", "remove"
// and "replace" operations (server/patch.py); anything else, or a path the view lacks, throws,
// and the page then asks for its whole view again.

// The keys of a JSON Pointer (RFC 6901), "~1" and "~0" unescaped.
function keys(path) {
  return path
    .slice(1)
    .split("/")
    .map((k) => k.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function index(key, last) {
  const i = Number(key);
  if (!Number.isInteger(i) || String(i) !== key || i < 0 || i > last)
    throw new Error(`no index ${key}`);
  return i;
}

function applyOne(doc, op) {
  if (op.path === "") {
    if (op.op !== "replace") throw new Error(`cannot ${op.op} the whole view`);
    return op.value;
  }
  const path = keys(op.path);
  const key = path.pop();
  let parent = doc;
  for (const k of path) {
    parent = Array.isArray(parent) ? parent[index(k, parent.length - 1)] : parent[k];
    if (parent === null || typeof parent !== "object") throw new Error(`no ${op.path}`);
  }
  if (Array.isArray(parent)) {
    if (op.op === "add") {
      parent.splice(key === "-" ? parent.length : index(key, parent.length), 0, op.value);
    } else if (op.op === "remove") {
      parent.splice(index(key, parent.length - 1), 1);
    } else if (op.op === "replace") {
      parent[index(key, parent.length - 1)] = op.value;
    } else throw new Error(`unsupported operation ${op.op}`);
  } else if (op.op === "add" || op.op === "replace") {
    if (op.op === "replace" && !Object.hasOwn(parent, key)) throw new Error(`no ${op.path}`);
    parent[key] = op.value;
  } else if (op.op === "remove") {
    if (!Object.hasOwn(parent, key)) throw new Error(`no ${op.path}`);
    delete parent[key];
  } else throw new Error(`unsupported operation ${op.op}`);
  return doc;
}

// The view an update leads to, made from a copy of `view` (the one numbered update.v - 1), or
// null when the update is not the next one (a message was missed: resync) or does not apply.
export function applyUpdate(view, update) {
  if (!view || update.v !== view.v + 1) return null;
  try {
    let next = structuredClone(view);
    for (const op of update.patch) next = applyOne(next, op);
    next.v = update.v;
    return next;
  } catch {
    return null;
  }
}
