/* Estatutos Portuários — calculadoras no navegador.
 *
 * O formulário vem pronto do servidor (gerado de calculators.api.describe); este script:
 * - carrega o motor (Pyodide num Web Worker, calculadoras-worker.mjs) só depois que a pessoa
 *   aceitou baixá-lo (motor.js: localStorage "ep-motor" = "sim"), com progresso (bytes de cada
 *   arquivo do motor contra o total da construção) e tempo-limite (60 s sem nenhum progresso);
 *   o worker fica numa variável deste script e sobrevive à navegação instantânea do Material:
 *   o Pyodide carrega uma vez por visita;
 * - envia os valores como texto (quem interpreta "1.234,56" é o Python) e mostra o resultado,
 *   montado só com createElement/textContent — nada digitado vira HTML;
 * - põe os dados do cálculo na URL (Compartilhar) e refaz o cálculo ao abrir um link assim;
 * - leva as horas da jornada à calculadora de horas extraordinárias.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var ASSETS = new URL(".", script ? script.src : window.location.href);
  var SITE = new URL("../", ASSETS);
  var DEFAULT_TIMEOUT_MS = 60000;
  var TRUE_WORDS = ["sim", "s", "true", "1", "on", "verdadeiro"];

  var engine = null; // {worker, ready: Promise, pending: {}, nextId}
  window.calculadorasBoots = window.calculadorasBoots || 0;

  // ---------------------------------------------------------------- helpers
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        if (key === "className") node.className = attrs[key];
        else node.setAttribute(key, attrs[key]);
      });
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function timeoutMs() {
    var flag = new URLSearchParams(window.location.search).get("_limite");
    var value = parseInt(flag || window.calculadorasTempoLimite || "", 10);
    return value > 0 ? value : DEFAULT_TIMEOUT_MS;
  }

  function currentStatus() {
    return document.querySelector(".calc-form .calc-estado");
  }

  function setStatus(text) {
    var status = currentStatus();
    if (status) status.textContent = text;
  }

  // ---------------------------------------------------------------- engine (one per visit)
  // A calculation never leaves the page waiting: if the worker throws, dies or stops answering
  // (no answer within runTimeoutMs()), it is dropped, the page says so and offers to try again,
  // and the next attempt starts a new worker.
  var DEFAULT_RUN_TIMEOUT_MS = 30000;

  function runTimeoutMs() {
    var flag = new URLSearchParams(window.location.search).get("_limite_calculo");
    var value = parseInt(flag || window.calculadorasTempoLimiteCalculo || "", 10);
    return value > 0 ? value : DEFAULT_RUN_TIMEOUT_MS;
  }

  // kind: "carga" (the engine did not load), "motor" (it failed or stopped during a calculation),
  // "tabelas" (the decree's tables did not download).
  function fault(kind, reason) {
    var error = new Error(String(reason || ""));
    error.kind = kind;
    return error;
  }

  function stopEngine(current, error) {
    if (current.stopped) return;
    current.stopped = true;
    try { current.worker.terminate(); } catch { /* already gone */ }
    Object.keys(current.pending).forEach(function (id) {
      var entry = current.pending[id];
      delete current.pending[id];
      clearTimeout(entry.timer);
      entry.reject(error);
    });
    if (engine === current) engine = null; // a next attempt starts a new worker
  }

  // Consent (board contract 3): no engine byte before the person agrees (assets/motor.js).
  function engineAllowed() {
    return !window.estatutosMotor || window.estatutosMotor.permitido();
  }

  function setProgress(loaded, total) {
    var status = currentStatus();
    if (!status || !total) return;
    status.setAttribute("data-baixado", String(loaded));
    status.setAttribute("data-total", String(total));
  }

  function startEngine() {
    if (engine) return engine.ready;
    if (!engineAllowed()) return Promise.reject(fault("carga", "motor não autorizado"));
    var worker;
    try {
      worker = new Worker(new URL("calculadoras-worker.mjs", ASSETS), { type: "module" });
    } catch (error) {
      return Promise.reject(fault("carga", error && error.message));
    }
    window.calculadorasBoots += 1;
    var current = { worker: worker, pending: {}, nextId: 1, loaded: false, stopped: false };
    engine = current;
    current.ready = new Promise(function (resolve, reject) {
      // The time limit counts from the last sign of progress (each downloaded chunk is one), so
      // a slow connection that keeps receiving bytes is not cut off; a stalled one is.
      var timer = null;
      function arm() {
        clearTimeout(timer);
        timer = setTimeout(function () {
          reject(fault("carga", "tempo esgotado"));
        }, timeoutMs());
      }
      function broken(reason) {
        clearTimeout(timer);
        if (current.loaded) stopEngine(current, fault("motor", reason));
        else reject(fault("carga", reason));
      }
      arm();
      worker.onmessage = function (event) {
        var msg = event.data || {};
        if (msg.type === "progress") {
          if (!current.loaded) arm();
          setStatus(msg.text);
          if (msg.total) setProgress(msg.loaded, msg.total);
        } else if (msg.type === "ready") {
          clearTimeout(timer);
          current.loaded = true;
          resolve();
        } else if (msg.type === "error") {
          broken(msg.message);
        } else if (msg.type === "result") {
          var entry = current.pending[msg.id];
          if (!entry) return;
          delete current.pending[msg.id];
          clearTimeout(entry.timer);
          if (msg.error !== undefined && msg.kind === "tabelas") {
            entry.reject(fault("tabelas", msg.error));
          } else if (msg.error !== undefined) {
            entry.reject(fault("motor", msg.error));
            stopEngine(current, fault("motor", msg.error));
          } else {
            entry.resolve(msg);
          }
        }
      };
      worker.onerror = function (event) {
        if (event && event.preventDefault) event.preventDefault();
        broken("falha no worker" + (event && event.message ? ": " + event.message : ""));
      };
      worker.onmessageerror = function () { broken("mensagem ilegível do worker"); };
    });
    current.ready.catch(function (error) { stopEngine(current, error); });
    var motor = window.estatutosMotor;
    var files = motor ? motor.arquivos() : [];
    setStatus("Carregando o motor de cálculo…");
    worker.postMessage({
      type: "boot",
      indexURL: new URL("pyodide/", ASSETS).href,
      stdLibURL: new URL("pyodide/python_stdlib.zip", ASSETS).href,
      archiveURL: new URL("calculadoras.zip", ASSETS).href,
      // Each engine file (address, uncompressed size) for the progress count; the download size.
      files: files.map(function (file) { return { href: new URL(file.url, SITE).href, bytes: file.bytes }; }),
      gzip: motor ? motor.tamanho() : 0,
    });
    return current.ready;
  }

  function runCalculator(name, inputs, needsData) {
    return startEngine().then(function () {
      var current = engine;
      if (!current || current.stopped) throw fault("motor", "o motor parou");
      return new Promise(function (resolve, reject) {
        var id = current.nextId++;
        var entry = { resolve: resolve, reject: reject };
        entry.timer = setTimeout(function () {
          stopEngine(current, fault("motor", "o motor parou de responder"));
        }, runTimeoutMs());
        current.pending[id] = entry;
        current.worker.postMessage({
          type: "run",
          id: id,
          name: name,
          inputs: JSON.stringify(inputs),
          dataURL: needsData ? new URL("calculadoras-dados.json", ASSETS).href : "",
        });
      });
    });
  }

  // ---------------------------------------------------------------- form structure
  function topFields(form) {
    return Array.prototype.filter.call(form.querySelectorAll("[data-field]"), function (node) {
      return !node.hasAttribute("data-item-field") && !node.closest("template");
    });
  }

  function wrapperOf(control) {
    return control.closest(".calc-campo") || control;
  }

  function isShown(control) {
    var wrapper = control.closest("[data-visible-when]");
    return !wrapper || !wrapper.hidden;
  }

  function rowsOf(list) {
    return Array.prototype.slice.call(list.querySelectorAll(":scope > .calc-itens > [data-item]"));
  }

  function renumber(form, list) {
    var name = list.getAttribute("data-lista");
    var calc = form.getAttribute("data-calc");
    var rows = rowsOf(list);
    rows.forEach(function (row, index) {
      var legend = row.querySelector(":scope > legend");
      var noun = legend.textContent.replace(/\s*\d+$/, "");
      legend.textContent = noun + " " + (index + 1);
      var remove = row.querySelector(":scope > [data-acao='remover']");
      remove.textContent = "Remover " + noun.toLowerCase() + " " + (index + 1);
      row.querySelectorAll("[data-item-field]").forEach(function (control) {
        var field = control.getAttribute("data-item-field");
        var path = name + "[" + index + "]." + field;
        var ident = "c-" + calc + "-" + name + "-" + index + "-" + field;
        var wrapper = wrapperOf(control);
        var label = wrapper.querySelector("label");
        var help = wrapper.querySelector(".calc-ajuda");
        control.setAttribute("data-path", path);
        control.id = ident;
        if (label) label.setAttribute("for", ident);
        if (help) help.id = ident + "-ajuda";
        control.setAttribute("aria-describedby", ident + "-ajuda");
        wrapper.setAttribute("data-campo", path);
      });
    });
    var max = parseInt(list.getAttribute("data-max") || "50", 10);
    var min = parseInt(list.getAttribute("data-min") || "0", 10);
    list.querySelector(":scope > [data-acao='adicionar']").disabled = rows.length >= max;
    rows.forEach(function (row) {
      row.querySelector(":scope > [data-acao='remover']").disabled = rows.length <= min;
    });
  }

  function addRow(form, list) {
    var template = list.querySelector(":scope > template");
    var row = template.content.firstElementChild.cloneNode(true);
    list.querySelector(":scope > .calc-itens").appendChild(row);
    renumber(form, list);
    return row;
  }

  function setRowCount(form, list, count) {
    var rows = rowsOf(list);
    while (rows.length > count) rows.pop().remove();
    while (rowsOf(list).length < count) addRow(form, list);
    renumber(form, list);
  }

  function updateVisibility(form) {
    form.querySelectorAll("[data-visible-when]").forEach(function (wrapper) {
      var rule;
      try { rule = JSON.parse(wrapper.getAttribute("data-visible-when")); } catch { return; }
      var source = form.querySelector("[data-field='" + rule.field + "']:not([data-item-field])");
      if (!source) return;
      wrapper.hidden = rule["in"].indexOf(source.value) < 0;
    });
  }

  // ---------------------------------------------------------------- values <-> form <-> URL
  function controlValue(control) {
    if (control.type === "checkbox") return control.checked;
    return control.value;
  }

  function collect(form) {
    var inputs = {};
    topFields(form).forEach(function (control) {
      if (!isShown(control)) return;
      var name = control.getAttribute("data-field");
      if (control.hasAttribute("data-lista")) {
        inputs[name] = rowsOf(control).map(function (row) {
          var item = {};
          row.querySelectorAll("[data-item-field]").forEach(function (sub) {
            item[sub.getAttribute("data-item-field")] = controlValue(sub);
          });
          return item;
        });
      } else {
        inputs[name] = controlValue(control);
      }
    });
    return inputs;
  }

  function isDefault(control) {
    if (control.type === "checkbox") return control.checked === control.defaultChecked;
    if (control.tagName === "SELECT") {
      var option = control.options[control.selectedIndex];
      return !option || option.defaultSelected;
    }
    return control.value === control.defaultValue;
  }

  function shareQuery(form) {
    var params = new URLSearchParams();
    topFields(form).forEach(function (control) {
      if (!isShown(control)) return;
      var name = control.getAttribute("data-field");
      if (control.hasAttribute("data-lista")) {
        var rows = collect(form)[name] || [];
        if (rows.length) params.set(name, JSON.stringify(rows));
      } else if (!isDefault(control)) {
        var value = controlValue(control);
        params.set(name, typeof value === "boolean" ? (value ? "sim" : "nao") : value);
      }
    });
    return params;
  }

  function encodeInputs(inputs) {
    var params = new URLSearchParams();
    Object.keys(inputs).forEach(function (name) {
      var value = inputs[name];
      if (Array.isArray(value) || (value && typeof value === "object")) params.set(name, JSON.stringify(value));
      else if (typeof value === "boolean") params.set(name, value ? "sim" : "nao");
      else if (value !== null && value !== undefined) params.set(name, String(value));
    });
    return params;
  }

  function setControl(control, value) {
    if (control.type === "checkbox") {
      control.checked = value === true || TRUE_WORDS.indexOf(String(value).trim().toLowerCase()) >= 0;
    } else {
      control.value = value === null || value === undefined ? "" : String(value);
    }
  }

  function fillFromQuery(form) {
    var params = new URLSearchParams(window.location.search);
    var known = 0;
    var problems = [];
    topFields(form).forEach(function (control) {
      var name = control.getAttribute("data-field");
      if (!params.has(name)) return;
      known += 1;
      var raw = params.get(name);
      if (control.hasAttribute("data-lista")) {
        var items;
        try { items = JSON.parse(raw); } catch { items = null; }
        if (!Array.isArray(items)) {
          problems.push(name);
          return;
        }
        var max = parseInt(control.getAttribute("data-max") || "50", 10);
        items = items.slice(0, max);
        setRowCount(form, control, items.length);
        rowsOf(control).forEach(function (row, index) {
          var item = items[index] && typeof items[index] === "object" ? items[index] : {};
          row.querySelectorAll("[data-item-field]").forEach(function (sub) {
            var key = sub.getAttribute("data-item-field");
            if (Object.prototype.hasOwnProperty.call(item, key)) setControl(sub, item[key]);
          });
        });
      } else if (control.tagName === "SELECT") {
        var exists = Array.prototype.some.call(control.options, function (o) { return o.value === raw; });
        if (exists) control.value = raw;
        else problems.push(name);
      } else {
        setControl(control, raw);
      }
    });
    updateVisibility(form);
    return { known: known, problems: problems };
  }

  // ---------------------------------------------------------------- errors
  function clearErrors(form) {
    form.querySelectorAll(".calc-erro").forEach(function (node) {
      var owner = node.getAttribute("data-de");
      var control = owner && document.getElementById(owner);
      if (control) {
        control.removeAttribute("aria-invalid");
        var ids = (control.getAttribute("aria-describedby") || "").split(" ").filter(function (x) {
          return x && x !== node.id;
        });
        control.setAttribute("aria-describedby", ids.join(" "));
      }
      node.remove();
    });
    clear(form.querySelector(".calc-erros-gerais"));
  }

  function showErrors(form, errors) {
    clearErrors(form);
    var general = form.querySelector(".calc-erros-gerais");
    var first = null;
    var count = 0;
    errors.forEach(function (error) {
      var path = String(error.field || "");
      var message = String(error.message || "Valor inválido.");
      var target = null;
      if (path) {
        form.querySelectorAll("[data-path]").forEach(function (node) {
          if (!target && node.getAttribute("data-path") === path && !node.closest("template")) target = node;
        });
      }
      if (target && isShown(target)) {
        count += 1;
        var ident = (target.id || ("c-" + form.getAttribute("data-calc") + "-lista-" + count)) + "-erro";
        if (!target.id) target.id = ident.replace(/-erro$/, "");
        var note = el("p", { className: "calc-erro", id: ident, role: "alert", "data-de": target.id }, message);
        var holder = target.hasAttribute("data-lista") ? target.querySelector(":scope > .calc-ajuda") : target;
        var wrapper = target.hasAttribute("data-lista") ? target : wrapperOf(target);
        if (target.type === "checkbox") wrapper.appendChild(note);
        else holder.insertAdjacentElement("afterend", note);
        target.setAttribute("aria-invalid", "true");
        var described = (target.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
        described.push(ident);
        target.setAttribute("aria-describedby", described.join(" "));
        if (!first) first = target;
      } else {
        general.appendChild(el("p", { className: "calc-erro" }, message));
      }
    });
    if (first && first.focus && !first.hasAttribute("data-lista")) first.focus();
  }

  // ---------------------------------------------------------------- result
  // The provisions' labels ("Lei nº 4.860/1965, art. 7º") of the step links, from the form's
  // data-rotulos (an attribute: it survives Material's instant navigation).
  function labels(form) {
    try { return JSON.parse(form.getAttribute("data-rotulos") || "{}") || {}; } catch { return {}; }
  }

  function provisionLink(provision, names) {
    var slug = String(provision.statute || "");
    var id = String(provision.id || "");
    var ref = slug + "#" + id;
    var link = el("a", { className: "calc-dispositivo", "data-ref": ref },
      names[ref] || provision.label || (slug + ", " + id));
    link.href = new URL(encodeURIComponent(slug) + "/#" + encodeURIComponent(id), SITE).href;
    if (/^https:\/\//.test(String(provision.url || ""))) {
      // A later act or precedent (today's rules): its official publication, and when it was checked.
      link.href = provision.url;
      link.rel = "noopener";
      var span = el("span", null);
      span.appendChild(link);
      var day = String(provision.verified || "").split("-").reverse().join("/");
      span.appendChild(el("span", { className: "calc-verificado" }, " (verificado em " + day + ")"));
      return span;
    }
    return link;
  }

  function row(th, td, attrs) {
    var tr = el("tr", attrs);
    tr.appendChild(el("th", { scope: "row" }, th));
    tr.appendChild(el("td", { className: "calc-quantia" }, td));
    return tr;
  }

  function valuesTable(result) {
    var table = el("table", { className: "calc-valores-tabela" });
    table.appendChild(el("caption", null, "Valores calculados"));
    var body = el("tbody");
    var amounts = result.amounts || {};
    Object.keys(amounts).forEach(function (key) {
      body.appendChild(row(amounts[key].label, amounts[key].formatted, { "data-valor": key }));
    });
    var quantities = result.quantities || {};
    Object.keys(quantities).forEach(function (key) {
      body.appendChild(row(quantities[key].label, quantities[key].formatted, { "data-quantidade": key }));
    });
    table.appendChild(body);
    return table;
  }

  // The shares of producao_terno. On a narrow screen the CSS reflows it into one card per role
  // (each value with its column name, from data-rotulo): no column is cut off. The explicit ARIA
  // roles keep it a table for screen readers. Same markup as macros/render_calculators.py.
  var SHARE_COLUMNS = ["Função", "Pessoas", "Quotas", "Parte de cada", "Subtotal"];

  function sharesTable(result) {
    var amounts = result.amounts || {};
    var wrap = el("div", { className: "calc-partes-quadro" });
    var table = el("table", { className: "calc-partes", role: "table" });
    table.appendChild(el("caption", null, "Divisão do produto (" + amounts.produto.formatted +
      "; uma quota vale " + amounts.valor_quota.formatted + ")"));
    var head = el("thead", { role: "rowgroup" });
    var tr = el("tr", { role: "row" });
    SHARE_COLUMNS.forEach(function (text) {
      tr.appendChild(el("th", { scope: "col", role: "columnheader" }, text));
    });
    head.appendChild(tr);
    table.appendChild(head);
    var body = el("tbody", { role: "rowgroup" });
    result.details.partes.forEach(function (part) {
      var line = el("tr", { "data-parte": part.role, role: "row" });
      line.appendChild(el("th", { scope: "row", role: "rowheader" }, part.label));
      [part.count, String(part.quota).replace(".", ","), part.share_formatted, part.subtotal_formatted]
        .forEach(function (value, index) {
          line.appendChild(el("td", { role: "cell", "data-rotulo": SHARE_COLUMNS[index + 1] }, value));
        });
      body.appendChild(line);
    });
    table.appendChild(body);
    var foot = el("tfoot", { role: "rowgroup" });
    var residue = el("tr", { role: "row" });
    residue.appendChild(el("th", { scope: "row", role: "rowheader", colspan: "4" }, "Resíduo de arredondamento"));
    residue.appendChild(el("td", { role: "cell", "data-rotulo": "Valor" }, amounts.residuo.formatted));
    foot.appendChild(residue);
    table.appendChild(foot);
    wrap.appendChild(table);
    wrap.appendChild(el("p", { className: "calc-nota-partes" }, "Soma das partes + resíduo = produto do terno."));
    return wrap;
  }

  // How each kind of finding of the jornada calculator is named (same words as the build).
  var BREACH_KINDS = {
    infracao: "Descumprimento",
    prorrogacao: "Horas além do limite (contam como prorrogação)",
    aviso: "Atenção"
  };

  function renderResult(form, area, result) {
    clear(area);
    var names = labels(form);
    area.appendChild(el("h3", { className: "calc-resultado-titulo", tabindex: "-1" }, "Resultado"));
    (result.highlights || []).forEach(function (text) {
      area.appendChild(el("p", { className: "calc-destaque" }, text));
    });
    area.appendChild(valuesTable(result));
    if (result.details && Array.isArray(result.details.partes) && result.amounts && result.amounts.residuo) {
      area.appendChild(sharesTable(result));
    }
    var handed = result.details && result.details.horas_extras_input;
    if (handed && typeof handed === "object") {
      // A real link: Material's instant navigation takes it (the worker survives).
      var target = new URL("../horas_extras/", window.location.href);
      target.search = encodeInputs(handed).toString();
      var go = el("a", { className: "md-button md-button--primary calc-levar", "data-acao": "levar" },
        "Levar às horas extraordinárias");
      go.href = target.href;
      area.appendChild(go);
    }
    area.appendChild(el("p", { className: "calc-subtitulo" }, "Passo a passo"));
    var steps = el("ol", { className: "calc-passos" });
    (result.steps || []).forEach(function (step) {
      var li = el("li");
      li.appendChild(provisionLink(step.provision || {}, names));
      li.appendChild(document.createTextNode(": " + String(step.explanation || "")));
      var values = step.values || {};
      var keys = Object.keys(values);
      if (keys.length) {
        var dl = el("dl", { className: "calc-valores" });
        keys.forEach(function (key) {
          dl.appendChild(el("dt", null, key));
          dl.appendChild(el("dd", null, values[key]));
        });
        li.appendChild(dl);
      }
      steps.appendChild(li);
    });
    area.appendChild(steps);
    var breaches = result.details && result.details.breaches;
    if (Array.isArray(breaches) && breaches.length) {
      area.appendChild(el("p", { className: "calc-subtitulo" }, "Verificação da jornada"));
      var found = el("ul", { className: "calc-ocorrencias" });
      breaches.forEach(function (breach) {
        var severity = String(breach.severity || "");
        var li = el("li", { className: "calc-ocorrencia calc-ocorrencia--" + severity });
        li.appendChild(el("strong", null, BREACH_KINDS[severity] || severity));
        li.appendChild(document.createTextNode(" — "));
        li.appendChild(provisionLink(breach.provision || {}, names));
        li.appendChild(document.createTextNode(": " + String(breach.message || "")));
        found.appendChild(li);
      });
      area.appendChild(found);
    }
    if (result.warnings && result.warnings.length) {
      area.appendChild(el("p", { className: "calc-subtitulo" }, "Avisos"));
      var list = el("ul", { className: "calc-avisos" });
      result.warnings.forEach(function (warning) { list.appendChild(el("li", null, warning)); });
      area.appendChild(list);
    }
    if (result.rounding) {
      var rounding = el("p", { className: "calc-arredondamento" });
      rounding.appendChild(el("strong", null, "Arredondamento: "));
      rounding.appendChild(document.createTextNode(String(result.rounding.rule) + ". " +
        String(result.rounding.description)));
      area.appendChild(rounding);
    }
  }

  // ---------------------------------------------------------------- actions
  // Each change of the form (typing, a row added or removed, «Limpar», a new calculation) starts
  // a new "generation"; an answer computed for an older generation is stale and discarded, so
  // the result on screen and the share link never disagree with the form.
  function newGeneration(form) {
    var next = parseInt(form.dataset.geracao || "0", 10) + 1;
    form.dataset.geracao = String(next);
    return next;
  }

  function isCurrent(form, generation) {
    return form.dataset.geracao === String(generation);
  }

  var FAULTS = {
    carga: {
      css: "calc-erro-carga",
      status: "Motor de cálculo indisponível.",
      text: function (reason) {
        return "Não foi possível carregar o motor de cálculo no navegador (" + reason + "). Os " +
          "exemplos resolvidos abaixo continuam válidos. Tente de novo agora ou mais tarde.";
      }
    },
    motor: {
      css: "calc-erro-motor",
      status: "O cálculo não terminou.",
      text: function (reason) {
        return "O cálculo não terminou: o motor de cálculo falhou ou parou de responder (" + reason +
          "). Nada foi calculado. Ao tentar de novo, um novo motor é iniciado.";
      }
    },
    tabelas: {
      css: "calc-erro-tabelas",
      status: "As tabelas não vieram.",
      text: function (reason) {
        return "Não foi possível baixar as tabelas do decreto de 1945 (" + reason + "). " +
          "Confira a conexão e tente de novo.";
      }
    }
  };

  function showFault(form, error) {
    var kind = error && FAULTS[error.kind] ? error.kind : "carga";
    var about = FAULTS[kind];
    var reason = String((error && error.message) || "motivo desconhecido").slice(0, 300);
    var general = form.querySelector(".calc-erros-gerais");
    var box = el("div", { className: "calc-falha" });
    box.appendChild(el("p", { className: "calc-erro " + about.css }, about.text(reason)));
    box.appendChild(el("button", { type: "button", className: "md-button calc-tentar", "data-acao": "tentar" },
      "Tentar de novo"));
    general.appendChild(box);
    setStatusOf(form, about.status);
    form.dataset.falhou = kind;
  }

  function compute(form, fromLink) {
    if (!engine && !engineAllowed()) {
      // Nothing is downloaded yet: the offer says how much; the calculation runs once accepted.
      setStatusOf(form, "Para calcular, baixe antes o motor de cálculo (quadro acima). " +
        "Os exemplos verificados, mais abaixo, não precisam dele.");
      if (!form.dataset.esperaMotor) {
        form.dataset.esperaMotor = "1";
        window.estatutosMotor.pedir().then(function () {
          delete form.dataset.esperaMotor;
          if (form.isConnected) compute(form, fromLink);
        });
      }
      return Promise.resolve();
    }
    var area = document.getElementById("resultado-" + form.getAttribute("data-calc"));
    var inputs = collect(form);
    var needsData = form.getAttribute("data-precisa-dados") === "sim";
    var submit = form.querySelector("button[type='submit']");
    var generation = newGeneration(form);
    form.dataset.emCurso = String(generation);
    form.setAttribute("aria-busy", "true");
    submit.disabled = true;
    setStatusOf(form, engine && engine.loaded ? "Calculando…" : "Carregando o motor de cálculo…");
    var started = performance.now();
    return runCalculator(form.getAttribute("data-calc"), inputs, needsData).then(function (msg) {
      if (!isCurrent(form, generation)) return; // stale: the form changed meanwhile
      var result = null;
      if (msg && typeof msg.json === "string") {
        try { result = JSON.parse(msg.json); } catch { result = null; }
      }
      if (!result) throw fault("motor", "resposta ilegível");
      form.dataset.ultimoMs = String(Math.round(performance.now() - started));
      if (result.ok) {
        clearErrors(form);
        renderResult(form, area, result);
        var query = shareQuery(form).toString();
        var url = new URL(window.location.href);
        url.search = query;
        url.hash = "";
        window.history.replaceState(window.history.state, "", url.href);
        form.querySelector("[data-acao='compartilhar']").disabled = false;
        setStatusOf(form, "Cálculo feito.");
        if (!fromLink) {
          var title = area.querySelector(".calc-resultado-titulo");
          if (title) title.focus({ preventScroll: false });
        }
      } else {
        clear(area);
        showErrors(form, Array.isArray(result.errors) ? result.errors : []);
        setStatusOf(form, "Há dados a corrigir.");
      }
      form.dataset.calculos = String(parseInt(form.dataset.calculos || "0", 10) + 1);
    }).catch(function (error) {
      if (!isCurrent(form, generation)) return;
      clear(area);
      clearErrors(form);
      showFault(form, error);
    }).then(function () {
      if (form.dataset.emCurso !== String(generation)) return; // a newer calculation is running
      delete form.dataset.emCurso;
      form.removeAttribute("aria-busy");
      submit.disabled = false;
      if (!isCurrent(form, generation) && form.querySelector(".calc-estado").textContent.slice(-1) === "…") {
        setStatusOf(form, "Os dados mudaram durante o cálculo: nada foi mostrado. Calcule de novo.");
      }
    });
  }

  function setStatusOf(form, text) {
    var status = form.querySelector(".calc-estado");
    if (status) status.textContent = text;
  }

  function copyLink(form) {
    var box = form.querySelector(".calc-link");
    var input = form.querySelector(".calc-link-texto");
    var text = window.location.href;
    input.value = text;
    box.hidden = false;
    var done = function (ok) {
      setStatusOf(form, ok ? "Link copiado." : "Copie o link acima.");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () {
        input.select();
        done(false);
      });
    } else {
      input.select();
      done(false);
    }
  }

  function resetForm(form) {
    form.reset();
    form.querySelectorAll("[data-lista]").forEach(function (list) {
      setRowCount(form, list, parseInt(list.getAttribute("data-linhas-iniciais") || "0", 10));
      rowsOf(list).forEach(function (row) {
        row.querySelectorAll("[data-item-field]").forEach(function (control) {
          if (control.type === "checkbox") control.checked = control.defaultChecked;
          else control.value = control.defaultValue;
        });
      });
    });
    clearErrors(form);
    updateVisibility(form);
    clear(document.getElementById("resultado-" + form.getAttribute("data-calc")));
    form.querySelector("[data-acao='compartilhar']").disabled = true;
    form.querySelector(".calc-link").hidden = true;
    var url = new URL(window.location.href);
    url.search = "";
    window.history.replaceState(window.history.state, "", url.href);
    setStatusOf(form, "");
  }

  function bind(form) {
    if (form.dataset.ligado) return;
    form.dataset.ligado = "1";
    var note = form.querySelector(".calc-sem-js");
    if (note) note.hidden = true;
    form.querySelectorAll("[data-lista]").forEach(function (list) {
      list.setAttribute("data-linhas-iniciais", String(rowsOf(list).length));
      renumber(form, list);
    });
    updateVisibility(form);
    form.addEventListener("change", function () {
      updateVisibility(form);
      newGeneration(form);
    });
    form.addEventListener("input", function () { newGeneration(form); });
    form.addEventListener("focusin", function () {
      if (engineAllowed()) startEngine().catch(function () { /* the message is shown on submit */ });
    }, { once: true });
    if (!engineAllowed()) {
      // «Baixar o motor de cálculo» starts the download at once, even before «Calcular».
      window.estatutosMotor.aoAceitar(function () {
        if (form.isConnected) startEngine().catch(function () { /* the message is shown on submit */ });
      });
    }
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-acao]");
      if (!button || !form.contains(button)) return;
      var action = button.getAttribute("data-acao");
      if (action !== "compartilhar") newGeneration(form);
      if (action === "tentar") {
        compute(form, false);
      } else if (action === "adicionar") {
        var list = button.closest("[data-lista]");
        var added = addRow(form, list);
        var first = added.querySelector("input, select");
        if (first) first.focus();
      } else if (action === "remover") {
        var owner = button.closest("[data-lista]");
        button.closest("[data-item]").remove();
        renumber(form, owner);
        var add = owner.querySelector(":scope > [data-acao='adicionar']");
        if (add) add.focus();
      } else if (action === "limpar") {
        resetForm(form);
      } else if (action === "compartilhar") {
        copyLink(form);
      }
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      compute(form, false);
    });
    var restored = fillFromQuery(form);
    if (restored.problems.length) {
      form.querySelector(".calc-erros-gerais").appendChild(el("p", { className: "calc-erro" },
        "Parte do link não pôde ser lida; confira os campos antes de calcular."));
    }
    if (restored.known > 0) compute(form, true);
  }

  function setup() {
    document.querySelectorAll("form.calc-form").forEach(bind);
  }

  window.estatutosACadaPagina(setup);
})();
