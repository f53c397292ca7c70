// Small DOM helpers. Text is always set with textContent, never parsed as HTML.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// Seat tokens are kept per table in this browser only.
export function savedSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(`cardtable:${tableId}`));
  } catch {
    return null;
  }
}
// invites: the creator's invite links ({seat, url}) for the seats kept for friends.
export function saveSeat(tableId, seat, token, invites = []) {
  localStorage.setItem(`cardtable:${tableId}`, JSON.stringify({ seat, token, invites }));
}

// The ids of the tables this browser holds a seat at.
export function myTables() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("cardtable:")) ids.push(key.slice("cardtable:".length));
  }
  return ids;
}

export async function api(path, body) {
  const response = await fetch(
    path,
    body === undefined
      ? {}
      : {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        },
  );
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail)
      ? data.detail.map((d) => d.msg).join("; ")
      : data.detail;
    throw new Error(detail || `request failed (${response.status})`);
  }
  return data;
}
