/* Building the score-entry page's elements. Touches the document only when
 * called. */

export const $ = (id) => document.getElementById(id);

// el("li", {class: "x", text: "…", onclick: f}, child, …): null, undefined
// and false attributes and children are left out.
export const el = (tag, attrs, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
};
