// Building elements from plain values: every text goes in as a text node (never as markup), so a
// name or a line of a file shows as written whatever characters it holds.

// An element `tag` with `attrs` (class, a style object, other attributes; null, undefined and
// false ones left out) and `children` (elements or strings; null and undefined left out).
export function el(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") element.className = value;
    else if (name === "style" && typeof value === "object") {
      // through the CSSOM (a style attribute in markup is refused by the page's policy);
      // a custom property ("--seat") is set only by setProperty
      for (const [property, setting] of Object.entries(value)) {
        if (property.startsWith("--")) element.style.setProperty(property, setting);
        else element.style[property] = setting;
      }
    }
    else if (value !== undefined && value !== null && value !== false) element.setAttribute(name, value);
  }
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
}
