/* Tabelas de 1945: ordenar por qualquer coluna e filtrar por nome de função ou série.
 *
 * Só melhora o que já está na página: sem JavaScript, cada tabela aparece completa, na ordem
 * impressa, e a caixa de filtro fica escondida. A ordenação usa os atributos data-value (números
 * com ponto decimal, nunca o texto formatado) e data-sort (nomes sem acentos); o filtro dobra a
 * consulta do mesmo jeito que a construção dobrou os nomes (common/text.mjs: NFD sem
 * marcas, minúsculas, º ª ° § e hífen como espaço), de modo que «escriturario» encontra
 * «Escrituário» e «tecnico» encontra «Técnico». As palavras valem em qualquer ordem; quando nada
 * casa, o filtro oferece os nomes impressos mais parecidos («fiel de armazem» → Fiel, Armazenista) e
 * diz em que outra tabela da página o nome está («filtrar lá»). «ref 20» ou «referência 20» mostra as
 * linhas daquela referência (data-referencia) e aponta a linha dela na escala-padrão (data-escala).
 */
import { onEachPage } from "../common/page.mjs";
import { fold as foldText } from "../common/text.mjs";

function fold(text) {
  return foldText(text || "");
}

function cellOf(row, key) {
  return row.querySelector('[data-chave="' + key + '"]');
}

function keyOf(row, key, kind) {
  var cell = cellOf(row, key);
  if (!cell) return null;
  if (kind === "num") {
    var raw = cell.getAttribute("data-value");
    if (raw === null || raw === "") return null;
    var n = Number(raw);
    return isNaN(n) ? null : n;
  }
  var text = cell.getAttribute("data-sort");
  if (text === null) text = fold(cell.textContent);
  return text === "" ? null : text;
}

function compare(a, b, kind) {
  if (kind === "num") return a - b;
  return a.localeCompare(b, "pt-BR");
}

function sortBy(table, th) {
  var key = th.getAttribute("data-chave");
  var kind = th.getAttribute("data-tipo");
  var dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
  table.querySelectorAll("thead th[aria-sort]").forEach(function (other) {
    if (other !== th) other.removeAttribute("aria-sort");
  });
  th.setAttribute("aria-sort", dir);
  var sign = dir === "ascending" ? 1 : -1;
  Array.prototype.forEach.call(table.tBodies, function (body) {
    var rows = Array.prototype.map.call(body.rows, function (row, index) {
      return { row: row, index: index, key: keyOf(row, key, kind) };
    });
    rows.sort(function (a, b) {
      if (a.key === null && b.key === null) return a.index - b.index;
      if (a.key === null) return 1; /* traços e células vazias sempre no fim */
      if (b.key === null) return -1;
      var c = compare(a.key, b.key, kind) * sign;
      return c !== 0 ? c : a.index - b.index;
    });
    rows.forEach(function (item) { body.appendChild(item.row); });
  });
  var status = table.parentNode.querySelector(".ordem-status");
  if (status) {
    status.textContent = "Ordenado por «" + th.textContent.trim() + "», " +
      (dir === "ascending" ? "crescente" : "decrescente") + ".";
  }
}

function setupSorting(table) {
  if (table.dataset.epOrdenavel) return;
  table.dataset.epOrdenavel = "1";
  var status = document.createElement("p");
  status.className = "ordem-status";
  status.setAttribute("aria-live", "polite");
  status.setAttribute("data-search-exclude", "");
  table.parentNode.insertBefore(status, table.nextSibling);
  table.querySelectorAll("thead th[data-chave][data-tipo]").forEach(function (th) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "ordenar";
    while (th.firstChild) button.appendChild(th.firstChild);
    var icon = document.createElement("span");
    icon.className = "ordenar-icone";
    icon.setAttribute("aria-hidden", "true");
    button.appendChild(icon);
    button.title = "Ordenar por esta coluna";
    th.appendChild(button);
    button.addEventListener("click", function () { sortBy(table, th); });
  });
}

// Palavras do filtro: dobradas, sem as vazias ("fiel de armazem" → fiel, armazem). Cada uma
// precisa estar nos nomes da linha, em qualquer ordem; as grafias impressas («Guandasteiro»)
// estão nos nomes ao lado das normalizadas (data-nomes, da construção).
var EMPTY = ["a", "o", "as", "os", "e", "de", "da", "do", "das", "dos", "em", "no", "na", "para", "por", "com"];
function queryWords(text) {
  return fold(text).split(/[^a-z0-9]+/).filter(function (w) { return w && EMPTY.indexOf(w) === -1; });
}
function hasWords(names, words) {
  return words.every(function (w) { return names.indexOf(w) >= 0; });
}

// Nomes parecidos, quando nada casa: cada palavra digitada perto de uma palavra do nome
// (mesmo começo de 5 letras, uma contida na outra, ou uma letra trocada).
function near(a, b) {
  if (a === b) return true;
  if (a.length >= 4 && b.indexOf(a) === 0) return true;
  if (b.length >= 4 && a.indexOf(b) === 0) return true;
  var k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  if (k >= 5) return true;
  if (a.length === b.length && a.length >= 5) {
    var diff = 0;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
    return diff <= 1;
  }
  return false;
}
function closestNames(target, words) {
  var found = {};
  target.querySelectorAll("tbody tr").forEach(function (row) {
    // Como o nome aparece impresso na linha (para o botão), pela sua forma dobrada.
    var shown = {};
    row.querySelectorAll(".nome .src, .nome .nome-normalizado, .nome a, .nome").forEach(function (el) {
      var text = el.textContent.replace(/\s+/g, " ").trim();
      if (text && !shown[fold(text)]) shown[fold(text)] = text;
    });
    (row.getAttribute("data-nomes") || "").split(" | ").forEach(function (name) {
      var label = shown[name] || name;
      var parts = name.split(/[^a-z0-9]+/).filter(Boolean);
      var hits = words.filter(function (w) { return parts.some(function (p) { return near(w, p); }); }).length;
      if (!hits) return;
      var key = name;
      if (!found[key] || found[key].hits < hits) found[key] = { hits: hits, name: name, label: label };
    });
  });
  return Object.keys(found).map(function (k) { return found[k]; })
    .sort(function (a, b) { return b.hits - a.hits || a.name.length - b.name.length || a.name.localeCompare(b.name); })
    .slice(0, 5);
}
// «ref 20», «referência 20», «ref. 20»: the number of a referência of the escala-padrão.
function referenceOf(text) {
  var found = /^\s*ref(?:erencia)?\.?\s*(\d{1,3})\s*$/.exec(fold(text));
  return found ? String(Number(found[1])) : "";
}

// A table's or a block's name, as the page gives it (the region's label, data-nome).
function nameOf(target) {
  var region = target.closest("[role='region'][aria-label]");
  return (region && region.getAttribute("aria-label")) || target.getAttribute("data-nome") || "outra tabela";
}

function escalaOf(box) {
  try { return JSON.parse(box.getAttribute("data-escala") || "{}") || {}; } catch { return {}; }
}

function rowMatches(row, words, reference) {
  if (reference) return row.getAttribute("data-referencia") === reference;
  return hasWords(row.getAttribute("data-nomes") || "", words);
}

// The page's other filters where the query finds rows: [{box, target, count}].
function elsewhere(box, words, reference) {
  var out = [];
  document.querySelectorAll(".tabela-filtro[data-filtro-para]").forEach(function (other) {
    if (other === box) return;
    var target = document.getElementById(other.getAttribute("data-filtro-para"));
    if (!target) return;
    var count = 0;
    target.querySelectorAll("tbody tr").forEach(function (row) {
      var block = row.closest("[data-filtro-bloco]");
      var titleHit = !reference && block && hasWords(block.getAttribute("data-nomes") || "", words);
      if (titleHit || rowMatches(row, words, reference)) count += 1;
    });
    if (count) out.push({ box: other, target: target, count: count });
  });
  return out;
}

function lines(count) {
  return count === 1 ? "1 linha" : count + " linhas";
}

// Where else the query is: each other table of the page with its count and «Filtrar lá»; and,
// for a referência, its line of the escala-padrão.
function pointers(list, box, input, words, reference) {
  var found = elsewhere(box, words, reference);
  found.forEach(function (place) {
    list.appendChild(document.createTextNode(" Em «" + nameOf(place.target) + "» há " + lines(place.count) + ": "));
    var go = document.createElement("button");
    go.type = "button";
    go.className = "filtro-la";
    go.textContent = "filtrar lá";
    go.addEventListener("click", function () {
      var field = place.box.querySelector("input");
      field.value = input.value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.focus();
    });
    list.appendChild(go);
    list.appendChild(document.createTextNode("."));
  });
  if (reference) {
    var step = escalaOf(box)[reference];
    var href = box.getAttribute("data-escala-href");
    if (step && href) {
      list.appendChild(document.createTextNode(" Na escala-padrão, a referência " + reference +
        " é o salário mensal de Cr$ " + step.salario + ": "));
      var link = document.createElement("a");
      link.href = href + "#" + step.ancora;
      link.textContent = "ver a referência " + reference + " na escala-padrão";
      list.appendChild(link);
      list.appendChild(document.createTextNode("."));
    } else if (href) {
      list.appendChild(document.createTextNode(" A escala-padrão não tem a referência " + reference + "."));
    }
  }
  return found.length;
}

function showSuggestions(box, target, input, status, words, reference, shown) {
  var list = box.querySelector(".filtro-sugestoes");
  if (list) list.remove();
  if (!words.length || (shown && !reference)) return;
  list = document.createElement("p");
  list.className = "filtro-sugestoes";
  if (reference) {
    if (!shown) list.appendChild(document.createTextNode("Nenhuma linha desta tabela tem a referência " + reference + "."));
    pointers(list, box, input, words, reference);
    box.appendChild(list);
    return;
  }
  var names = closestNames(target, words);
  if (!names.length) {
    list.textContent = "Nenhum nome desta tabela parece com «" + input.value.trim() + "».";
    pointers(list, box, input, words, "");
  } else {
    list.appendChild(document.createTextNode("Nenhuma linha tem «" + input.value.trim() +
      "». Os nomes impressos mais parecidos são: "));
    names.forEach(function (n, k) {
      if (k) list.appendChild(document.createTextNode(", "));
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = n.label;
      b.title = "Filtrar por «" + n.label + "»";
      b.addEventListener("click", function () {
        input.value = n.label;
        applyFilter(box, target, input, status);
        input.focus();
      });
      list.appendChild(b);
    });
    list.appendChild(document.createTextNode("."));
    pointers(list, box, input, words, "");
  }
  box.appendChild(list);
}

function applyFilter(box, target, input, status) {
  var query = fold(input.value).trim();
  var words = queryWords(input.value);
  var reference = referenceOf(input.value);
  var blocks = target.querySelectorAll("[data-filtro-bloco]");
  var units = blocks.length ? Array.prototype.slice.call(blocks) : [target];
  var total = 0, shown = 0, blocksShown = 0;
  units.forEach(function (unit) {
    var titled = unit.hasAttribute("data-filtro-bloco");
    var titleHit = words.length > 0 && !reference && titled && hasWords(unit.getAttribute("data-nomes") || "", words);
    var visible = 0;
    unit.querySelectorAll("tbody tr").forEach(function (row) {
      total += 1;
      var ok = !words.length || titleHit || rowMatches(row, words, reference);
      row.hidden = !ok;
      if (ok) visible += 1;
    });
    shown += visible;
    if (titled) {
      unit.hidden = words.length > 0 && visible === 0;
      if (!unit.hidden) blocksShown += 1;
    }
  });
  if (!words.length) {
    status.textContent = "";
  } else if (blocks.length) {
    status.textContent = shown + " de " + total + " linhas, em " + blocksShown + " de " + blocks.length +
      " séries. Os totais são os de cada série inteira.";
  } else {
    status.textContent = shown + " de " + total + " linhas. Os totais são os da tabela inteira.";
  }
  showSuggestions(box, target, input, status, words, reference, shown);
  box.classList.toggle("filtro-ativo", query !== "");
}

function setupFilter(box) {
  if (box.dataset.epFiltro) return;
  var target = document.getElementById(box.getAttribute("data-filtro-para"));
  if (!target) return;
  box.dataset.epFiltro = "1";
  var input = box.querySelector("input");
  var status = box.querySelector("output");
  box.hidden = false;
  input.addEventListener("input", function () { applyFilter(box, target, input, status); });
  if (input.value) applyFilter(box, target, input, status);
}

function setup() {
  document.querySelectorAll("table[data-ordenavel]").forEach(setupSorting);
  document.querySelectorAll(".tabela-filtro[data-filtro-para]").forEach(setupFilter);
}

export function start() {
  onEachPage(setup);
}
