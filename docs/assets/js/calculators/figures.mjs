/* Estatutos Portuários — os valores principais de um resultado, para levar num link ou guardar
 * no aparelho, e a conferência deles com um cálculo novo (issue 30).
 *
 * figuresOf(resultado) → [{k, r, v}]: cada valor calculado (amounts) e cada quantidade
 * (quantities) do resultado, com a chave (k: "a:" ou "q:" + o nome), o rótulo (r) e o valor
 * escrito como a tela o mostra (v). No máximo MAX_FIGURES.
 * encodeSent(figuras, quando) / decodeSent(texto): o parâmetro do link «enviado», em JSON; o que
 * vem de um link é de outra pessoa: lido com limites (quantos, que tamanho), nunca como marcação.
 * compareFigures(antes, agora) → {same, changed: [{r, antes, agora}], gone: [...], added: [...]}.
 * whenText(data) → «02/12/2026 às 15:40».
 */
export var SENT_PARAM = "enviado";
export var MAX_FIGURES = 12;
var MAX_TEXT = 200;

function short(value) {
  var text = String(value === undefined || value === null ? "" : value).replace(/\s+/g, " ").trim();
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT - 1) + "…" : text;
}

export function figuresOf(result) {
  var out = [];
  [["a:", result && result.amounts], ["q:", result && result.quantities]].forEach(function (pair) {
    var table = pair[1] || {};
    Object.keys(table).forEach(function (key) {
      var item = table[key] || {};
      out.push({ k: pair[0] + key, r: short(item.label), v: short(item.formatted) });
    });
  });
  return out.slice(0, MAX_FIGURES);
}

/* The figures as the link carries them: [[k, r, v], …] and the moment (ISO 8601). */
export function encodeSent(figures, when) {
  return JSON.stringify({ q: when.toISOString(), f: figures.map(function (f) { return [f.k, f.r, f.v]; }) });
}

/* Reads a link's «enviado»: null when absent, {erro: true} when it cannot be read, else
 * {quando: Date, figuras: [{k, r, v}]}. */
export function decodeSent(text) {
  if (text === null || text === undefined) return null;
  var data;
  try { data = JSON.parse(String(text)); } catch { return { erro: true }; }
  if (!data || typeof data !== "object" || !Array.isArray(data.f) || typeof data.q !== "string") return { erro: true };
  var when = new Date(data.q);
  if (isNaN(when.getTime())) return { erro: true };
  var figures = [];
  var keys = {};
  data.f.slice(0, MAX_FIGURES).forEach(function (item) {
    if (!Array.isArray(item) || item.length !== 3) return;
    var key = short(item[0]);
    if (!/^[aq]:[A-Za-z0-9_]{1,60}$/.test(key) || keys[key]) return;
    keys[key] = true;
    figures.push({ k: key, r: short(item[1]) || key.slice(2), v: short(item[2]) });
  });
  if (!figures.length) return { erro: true };
  return { quando: when, figuras: figures };
}

export function compareFigures(before, now) {
  var fresh = {};
  now.forEach(function (f) { fresh[f.k] = f; });
  var seen = {};
  var changed = [];
  var gone = [];
  before.forEach(function (f) {
    seen[f.k] = true;
    if (!Object.prototype.hasOwnProperty.call(fresh, f.k)) gone.push({ r: f.r, antes: f.v });
    else if (fresh[f.k].v !== f.v) changed.push({ r: fresh[f.k].r || f.r, antes: f.v, agora: fresh[f.k].v });
  });
  var added = now.filter(function (f) { return !seen[f.k]; }).map(function (f) { return { r: f.r, agora: f.v }; });
  return { same: !changed.length && !gone.length && !added.length, changed: changed, gone: gone, added: added };
}

function two(n) {
  return (n < 10 ? "0" : "") + n;
}

export function whenText(date) {
  return two(date.getDate()) + "/" + two(date.getMonth() + 1) + "/" + date.getFullYear() + " às " +
    two(date.getHours()) + ":" + two(date.getMinutes());
}

/* What differs, one sentence per figure, with the words of whoever computed first (label). */
export function differences(comparison, first) {
  var lines = [];
  comparison.changed.forEach(function (d) {
    lines.push("«" + d.r + "»: " + first + " " + d.antes + "; o cálculo deste aparelho dá " + d.agora + ".");
  });
  comparison.gone.forEach(function (d) {
    lines.push("«" + d.r + "»: " + first + " " + d.antes + "; o cálculo deste aparelho não tem esse valor.");
  });
  comparison.added.forEach(function (d) {
    lines.push("«" + d.r + "»: o cálculo deste aparelho dá " + d.agora + ", que não estava no que veio.");
  });
  return lines;
}
