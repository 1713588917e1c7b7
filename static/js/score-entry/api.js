/* The score-entry page's requests to the JSON API (tournaments.api): the
 * session's cookie, Django's CSRF token, JSON both ways. */

function csrfToken(root) {
  const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
  const input = root.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

// {status, data}; rejects when the network fails (no answer at all).
export async function postJson(root, url, body) {
  const response = await fetch(url, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(root),
               Accept: "application/json" },
    body: JSON.stringify(body),
  });
  let data = {};
  try { data = await response.json(); } catch (e) { /* not JSON: a proxy's page */ }
  return { status: response.status, data };
}

// The JSON of a GET, or null when the server refuses; rejects when offline.
export async function getJson(url) {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) return null;
  return response.json();
}
