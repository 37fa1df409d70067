// An element keeps the id it was first given for as long as it lives, so an id the model saw in one
// read still names the same element in the next, whatever else changed on the page. Ids come from
// one counter for every document in this realm, so no two elements ever share one.
const ids = new WeakMap<Element, string>();
let issued = 0;

/**
 * The element's id, issuing the next one on first sight. Ids are base-36 counters that always start
 * with a digit (`1`…`9`, `10`…`9z`, `100`…), so none can be mistaken for a CSS tag selector.
 */
export function elementId(element: Element): string {
  let id = ids.get(element);
  if (id === undefined) {
    issued += 1;
    id = issued.toString(36);
    if (id.charCodeAt(0) > 0x39) {
      issued = 36 ** id.length;
      id = issued.toString(36);
    }
    ids.set(element, id);
  }
  return id;
}
