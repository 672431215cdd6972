// Tiny DOM helpers: h() builds HTML elements, s() builds SVG elements.
const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children, svg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style") {
      // through the CSSOM: the Content-Security-Policy refuses style attributes
      el.style.cssText = value;
    } else if (!svg && key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

// Re-render a container while keeping keyboard focus on the "same" control
// (matched by data-key), so that keyboard users are not thrown to the top.
export function replace(container, ...children) {
  keepFocus(container, () => container.replaceChildren(...children.flat(Infinity).filter((c) => c)));
}

// Run ``change`` on ``container``'s content, then put the focus back on the control with
// the same data-key, if it had the focus before.
export function keepFocus(container, change) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.key : null;
  change();
  if (key) {
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again && !again.disabled && again !== document.activeElement) again.focus();
  }
}
