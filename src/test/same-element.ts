/**
 * What an element looks like to CSS and to assistive technology, for comparing a plain element
 * with the Mantine component it stands for (decision 061): its tag, classes, attributes, inline
 * style declarations (by name, in any order) and children, recursively. Text is compared as text.
 */
export interface ElementShape {
  tag: string;
  classes: string[];
  attributes: Record<string, string>;
  style: Record<string, string>;
  children: Array<ElementShape | string>;
}

export function elementShape(element: Element): ElementShape {
  const attributes: Record<string, string> = {};
  for (const { name, value } of Array.from(element.attributes)) {
    if (name !== 'class' && name !== 'style') attributes[name] = value;
  }
  const style: Record<string, string> = {};
  const declared = (element as HTMLElement).style;
  if (declared) {
    for (let i = 0; i < declared.length; i++) {
      const name = declared.item(i);
      style[name] = declared.getPropertyValue(name);
    }
  }
  const children: Array<ElementShape | string> = [];
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === node.ELEMENT_NODE) children.push(elementShape(node as Element));
    else if (node.nodeType === node.TEXT_NODE && node.textContent) children.push(node.textContent);
  }
  return {
    tag: element.tagName.toLowerCase(),
    classes: Array.from(element.classList).sort(),
    attributes,
    style,
    children,
  };
}
