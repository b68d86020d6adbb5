/* Estatutos Portuários — elementos montados com createElement/textContent: nada do que a pessoa
 * digitou (nem do que o resultado ecoa) vira marcação. */

export function el(tag, attrs, text) {
  const node = document.createElement(tag);
  if (attrs) {
    Object.keys(attrs).forEach((key) => {
      if (key === "className") node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
  }
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}
