// The HTTP API: the session cookie travels by itself; writes echo the CSRF cookie.
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code);
    this.status = status;
    this.code = code;
  }
}

function csrf() {
  const match = document.cookie.match(/(?:^|;\s*)navcomp_csrf=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}

let sessionLost = () => {};

// What the page does when a request is refused as signed out (`not_logged_in`): the session
// it was drawn with has ended elsewhere (a log-out or a password reset in another tab, the
// account deleted). main.js drops the page to signed out and says why.
export function onSessionLost(handler) {
  sessionLost = handler;
}

export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = csrf();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, "network", String(error));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const err = (data && data.error) || {};
    if (response.status === 401 && err.code === "not_logged_in") sessionLost();
    throw new ApiError(response.status, err.code || "http_" + response.status, err.message);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body === undefined ? {} : body);
export const put = (path, body) => api("PUT", path, body);
