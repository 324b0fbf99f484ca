// The DOM helpers FrameScope's local pages (the dialog page, the capture console, the shader page) build their views
// with. Text goes in through textContent and attributes through setAttribute, never as HTML: the pages show what an
// agent, a capture, a shader compiler or the person wrote.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  // Absent children (null, undefined, or false from `cond && el(...)`) are skipped; 0 and '' are content.
  children.flat(Infinity).forEach((child) => child !== null && child !== undefined && child !== false
    && node.append(child));
  return node;
}
