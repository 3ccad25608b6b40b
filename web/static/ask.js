// The question forms, faster on a phone. Enhancement only: without this script every field
// is there to type in, the buttons of choices are radio buttons, and the server fills in a
// region row left unnamed with the question's regions.
//
// - Steppers: the − and + beside a count; a pad of die faces beside a list of die results.
// - The map (web/boardmap.py, static/map.js): a tap sets the region field chosen above it
//   (From, then To...), then adds regions to the position; To offers only what the rules
//   could allow (data-reach on the choice: "from 1 1", "from 0 1", "from 1 character").
// - A region named in the question gets its region row; a count typed in a row whose nation
//   is not chosen takes the region's own nation (the Shadow's: Sauron in a Free region).
// - The map shows the marks and armies of what is typed; the Political Track's rows show
//   when "Per nation" is chosen (or hold something).
// - Back after a ruling: the browser restores the fields; when it does not (a page dropped
//   from memory), the values saved at submit time are put back.
(function () {
  "use strict";
  var form = document.querySelector("form.ask");
  if (!form) { return; }
  var dataNode = document.getElementById("ask-data");
  var DATA = {};
  try { DATA = dataNode ? JSON.parse(dataNode.textContent) : {}; } catch (err) { DATA = {}; }
  var svg = document.getElementById("map");
  var info = svg && svg.closest("figure") ? svg.closest("figure").querySelector(".map-info") : null;
  var SHADOW_DEFAULT = "sauron";   // the Shadow's usual army where the region is not a Shadow nation's

  function fold(text) {
    return String(text || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, "");
  }

  function regionId(text) { return (DATA.regions || {})[fold(text)] || null; }

  function field(name) { return form.elements.namedItem(name); }

  function valueOf(name) {
    var f = field(name);
    if (!f) { return ""; }
    if (f instanceof RadioNodeList) { return f.value || ""; }
    return (f.value || "").trim();
  }

  function setValue(input, value) {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function say(text) {
    if (info) { info.hidden = false; info.textContent = text; }
  }

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (_, k) { return values[k] !== undefined ? values[k] : ""; });
  }

  // -- steppers and the dice pad ------------------------------------------------------------
  function step(input, by) {
    var min = input.min !== "" ? Number(input.min) : 0;
    var max = input.max !== "" ? Number(input.max) : Infinity;
    var now = input.value.trim() === "" ? null : Number(input.value);
    if (now !== null && !isFinite(now)) { return; }
    var next;
    if (now === null) { next = by > 0 ? Math.max(min, 1) : null; }
    else { next = now + by; }
    if (next !== null && next < min) { next = null; }     // below the least: empty, the default
    if (next !== null && next > max) { next = max; }
    setValue(input, next === null ? "" : String(next));
  }

  Array.prototype.forEach.call(form.querySelectorAll("button.step-btn"), function (b) { b.hidden = false; });
  Array.prototype.forEach.call(form.querySelectorAll(".dice-pad, .count-pad"), function (pad) { pad.hidden = false; });
  // what only a form without this script needs to be told (a row's region is named by a tap here)
  Array.prototype.forEach.call(form.querySelectorAll(".no-js"), function (e) { e.hidden = true; });

  // An army's count: a tap on 1 to 5 sets it, a tap on the number already set clears it.
  function pressed(input) {
    Array.prototype.forEach.call(form.querySelectorAll('button.count-btn[data-for="' + input.id + '"]'), function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-set") === input.value.trim() ? "true" : "false");
    });
  }
  form.addEventListener("click", function (e) {
    var b = e.target.closest("button.step-btn, .dice-pad button, button.count-btn");
    if (!b) { return; }
    e.preventDefault();
    if (b.classList.contains("count-btn")) {
      var count = document.getElementById(b.getAttribute("data-for"));
      if (count) { setValue(count, count.value.trim() === b.getAttribute("data-set") ? "" : b.getAttribute("data-set")); }
      return;
    }
    if (b.classList.contains("step-btn")) {
      var input = document.getElementById(b.getAttribute("data-for"));
      if (input) { step(input, Number(b.getAttribute("data-step"))); }
      return;
    }
    var box = document.getElementById(b.closest(".dice-pad").getAttribute("data-for"));
    if (!box) { return; }
    var face = b.getAttribute("data-face");
    var list = box.value.split(",").map(function (v) { return v.trim(); }).filter(Boolean);
    setValue(box, face ? list.concat([face]).join(", ") : "");
  });

  // -- a second nation's line shows when asked for (or when it holds something) ----------
  function lineUsed(line) {
    return Array.prototype.some.call(line.querySelectorAll("input, select"), function (f) { return (f.value || "").trim(); });
  }

  Array.prototype.forEach.call(form.querySelectorAll(".side, details.units-part"), function (group) {
    var lines = Array.prototype.filter.call(group.children, function (c) { return c.classList.contains("units"); });
    var later = lines.slice(1).filter(function (line) { return !lineUsed(line); });
    if (!later.length) { return; }
    later.forEach(function (line) { line.hidden = true; });
    var more = document.createElement("button");
    more.type = "button";
    more.className = "another";
    more.textContent = (DATA.words || {}).another || "+";
    var title = group.querySelector(".side-title");    // beside the side's name: a line saved
    if (title) { title.appendChild(more); } else { later[later.length - 1].after(more); }
    more.addEventListener("click", function () {
      var next = later.shift();
      if (next) {
        next.hidden = false;
        var select = next.querySelector("select");
        if (select) { select.focus(); }
      }
      more.hidden = !later.length;
    });
  });

  // -- repeated rows (players, cards): the closed ones unused show one at a time ------------
  var groups = [];
  Array.prototype.forEach.call(form.querySelectorAll("details.row-card"), function (d) {
    if (groups.indexOf(d.parentNode) < 0) { groups.push(d.parentNode); }
  });
  groups.forEach(function (parent) {
    var cards = Array.prototype.filter.call(parent.children, function (c) { return c.matches("details.row-card"); });
    var later = cards.filter(function (d) { return !d.open && !lineUsed(d); });
    if (!later.length) { return; }
    later.forEach(function (d) { d.hidden = true; });
    var add = document.createElement("button");
    add.type = "button";
    add.className = "another";
    add.textContent = "+ " + cards[0].getAttribute("data-item");
    cards[cards.length - 1].after(add);
    add.addEventListener("click", function () {
      var next = later.shift();
      if (next) {
        next.hidden = false;
        next.open = true;
        var first = next.querySelector("input, select");
        if (first) { first.focus(); }
      }
      add.hidden = !later.length;
    });
  });

  // -- region rows ----------------------------------------------------------------------
  var rows = Array.prototype.slice.call(form.querySelectorAll("details.region[data-row]"));

  function rowName(row) { return row.querySelector('input[id$="-name"]'); }

  // Rows after the first show when used, or when asked for ("Another region").
  var moreRows = null;
  function showRow(row) {
    row.hidden = false;
    if (moreRows) { moreRows.hidden = rows.every(function (r) { return !r.hidden; }); }
  }

  function rowHasValues(row, except) {
    return Array.prototype.some.call(row.querySelectorAll("input, select"), function (f) {
      if (f === except) { return false; }
      if (f.type === "radio") { return f.checked && f.value !== ""; }
      return (f.value || "").trim() !== "";
    });
  }

  function rowFor(id) {
    for (var i = 0; i < rows.length; i++) {
      if (regionId(rowName(rows[i]).value) === id) { return rows[i]; }
    }
    return null;
  }

  function nameOf(id) {
    var g = svg && svg.querySelector('[data-region="' + id + '"] text.l');
    return g ? g.textContent : id;
  }

  function showRowName(row) {
    var span = row.querySelector(".row-name");
    var name = rowName(row).value.trim();
    if (span) { span.textContent = name ? ": " + name : ""; }
  }

  // The region's row (made from the first free one if needed); null when every row is in use.
  function ensureRow(id) {
    var row = rowFor(id);
    if (row) { showRow(row); row.open = true; return row; }
    for (var i = 0; i < rows.length; i++) {
      if (!rowHasValues(rows[i])) {
        showRow(rows[i]);
        setValue(rowName(rows[i]), nameOf(id));
        rows[i].setAttribute("data-auto", id);
        rows[i].open = true;
        showRowName(rows[i]);
        return rows[i];
      }
    }
    say(fill((DATA.words || {}).full, { region: nameOf(id) }));
    return null;
  }

  if (rows.length > 1) {
    rows.slice(1).forEach(function (row) { if (!rowHasValues(row) && !row.querySelector(".has-error")) { row.hidden = true; } });
    moreRows = document.createElement("button");
    moreRows.type = "button";
    moreRows.className = "another another-region";
    moreRows.textContent = (DATA.words || {}).another_region || "+";
    rows[rows.length - 1].after(moreRows);
    moreRows.hidden = rows.every(function (r) { return !r.hidden; });
    moreRows.addEventListener("click", function () {
      var next = rows.filter(function (r) { return r.hidden; })[0];
      if (next) { showRow(next); next.open = true; rowName(next).focus(); }
    });
  }

  // A count typed in a line with no nation: the region's own nation on its side.
  function defaultNation(select, side, regionText) {
    if (!select || select.value) { return; }
    var id = regionId(regionText);
    var g = id && svg && svg.querySelector('[data-region="' + id + '"]');
    var nation = g ? g.getAttribute("data-nation") : null;
    var ours = (DATA.nations || {})[side] || [];
    if (ours.indexOf(nation) < 0) { nation = side === "shadow" ? SHADOW_DEFAULT : null; }
    if (nation && Array.prototype.some.call(select.options, function (o) { return o.value === nation; })) {
      setValue(select, nation);
    }
  }

  // Armies of both sides in a stronghold's region: one is besieged, the stronghold's own
  // (its controller's, else its original side's), unless the player chose otherwise.
  function besiegedFor(i) {
    var row = rows[i];
    var choice = field("r" + i + "-besieged");
    if (!row || !choice || choice.value || row.hasAttribute("data-besieged-chosen")) { return; }
    var id = regionId(rowName(row).value);
    var g = id && svg && svg.querySelector('[data-region="' + id + '"]');
    if (!g || !g.classList.contains("k-stronghold")) { return; }
    if (!sideText(row, "fp") || !sideText(row, "sh")) { return; }
    var side = valueOf("r" + i + "-control");
    if (!side) {
      var nation = g.getAttribute("data-nation");
      side = ((DATA.nations || {}).shadow || []).indexOf(nation) >= 0 ? "shadow" : "free-peoples";
    }
    Array.prototype.forEach.call(choice, function (r) { r.checked = r.value === side; });
    say(fill((DATA.words || {}).besieged, { region: nameOf(id) }));
  }

  var COUNT = /^r(\d+)-(fp|sh)0-(regular|elite|leader)$/;
  var UNITS = /^(q-[\w.]+)-(\d+)-(regular|elite|leader)$/;

  function countTyped(input) {
    var m = COUNT.exec(input.name || "");
    if (m && input.value.trim() !== "") {
      var row = rows[Number(m[1])];
      var side = m[2] === "fp" ? "free_peoples" : "shadow";
      defaultNation(field("r" + m[1] + "-" + m[2] + "0-nation"), side, row ? rowName(row).value : "");
      return;
    }
    var u = UNITS.exec(input.name || "");
    if (u && input.value.trim() !== "") {     // the units that move: the nations in From's row
      var nationSelect = field(u[1] + "-" + u[2] + "-nation");
      var from = rowFor(regionId(valueOf("q-from")));
      if (!nationSelect || nationSelect.value || !from) { return; }
      var present = Array.prototype.map.call(from.querySelectorAll('select[id$="-nation"]'), function (s) {
        return s.value;
      }).filter(Boolean);
      var nation = present[Number(u[2])];
      if (nation) { setValue(nationSelect, nation); }
    }
  }

  // -- the map: what a tap sets, what it may pick, what it shows ----------------------------
  var modes = document.querySelector(".map-modes");
  var regionFields = modes ? Array.prototype.map.call(modes.querySelectorAll('input[name="map-mode"]'), function (r) {
    return r;
  }) : [];
  if (modes) { modes.hidden = false; }
  // The list beside the map says what it marked when the page was made; here the map follows
  // the fields as they change, and the fields say it all.
  var legend = svg ? document.getElementById(svg.id + "-legend") : null;
  if (legend) { legend.hidden = true; }
  if (svg && DATA.words && DATA.words.zoomed) { svg.setAttribute("data-zoomed-text", DATA.words.zoomed); }

  function currentMode() {
    for (var i = 0; i < regionFields.length; i++) { if (regionFields[i].checked) { return regionFields[i]; } }
    return regionFields[0] || null;
  }

  function within(start, least, most) {
    var seen = {}, out = [], frontier = [start];
    seen[start] = 0;
    for (var d = 0; d <= most && frontier.length; d++) {
      var next = [];
      frontier.forEach(function (id) {
        if (d >= least) { out.push(id); }
        var g = svg.querySelector('[data-region="' + id + '"]');
        (g ? (g.getAttribute("data-adj") || "").split(/\s+/) : []).forEach(function (n) {
          if (n && seen[n] === undefined) { seen[n] = d + 1; next.push(n); }
        });
      });
      frontier = next;
    }
    return out;
  }

  function levelOf(text) {
    var levels = DATA.levels || {};
    var best = null;
    String(text || "").split(",").forEach(function (name) {
      var l = levels[fold(name)];
      if (l !== undefined && (best === null || l > best)) { best = l; }
    });
    return best;
  }

  function applyMode(refocus) {
    if (!svg) { return; }
    var mode = currentMode();
    var reach = mode ? (mode.getAttribute("data-reach") || "").split(" ") : [];
    var candidates = null;
    if (reach.length === 3) {
      var start = regionId(valueOf("q-" + reach[0]));
      var most = reach[2] === "character" ? levelOf(valueOf("q-character")) : Number(reach[2]);
      if (start && most !== null && isFinite(most)) {
        candidates = within(start, Number(reach[1]), most);
        if (refocus === true) { svg.setAttribute("data-focus", [start].concat(candidates).join(" ")); }
      }
    }
    if (candidates) { svg.setAttribute("data-candidates", candidates.join(" ")); }
    else { svg.removeAttribute("data-candidates"); }
  }

  function advance(mode) {
    var i = regionFields.indexOf(mode);
    if (i >= 0 && i + 1 < regionFields.length) {
      regionFields[i + 1].checked = true;
      applyMode(true);
    }
  }

  if (svg) {
    svg.addEventListener("region-pick", function (e) {
      var mode = currentMode();
      if (!mode) { return; }
      e.preventDefault();
      var id = e.detail.id;
      if (mode.value === "position") {
        var row = ensureRow(id);
        if (row) { say(fill((DATA.words || {}).added, { region: e.detail.name, n: rows.indexOf(row) + 1 })); }
        sync();
        return;
      }
      var input = document.getElementById(mode.value);
      if (input) { setValue(input, e.detail.name); }     // its "input" event gives the row
      advance(mode);
      sync();
    });
    regionFields.forEach(function (r) { r.addEventListener("change", function () { applyMode(true); }); });
  }

  // The marks and armies of what the form holds, drawn on the map (as boardmap.position_armies).
  function roleOf(name, keys) {
    var key = name.replace(/^q-/, "");
    if (key === "from" || name === "fel-region") { return "from"; }
    if (key === "to") { return "to"; }
    return keys.indexOf("to") >= 0 ? "from" : "to";
  }

  function sideText(row, prefix) {
    var units = 0, extra = 0, any = false;
    Array.prototype.forEach.call(row.querySelectorAll('[name*="-' + prefix + '"]'), function (f) {
      var m = /-(\w+)$/.exec(f.name);
      var v = Number((f.value || "").trim());
      if (f.tagName === "SELECT" || !isFinite(v) || v <= 0) {
        if (/-characters$/.test(f.name) && f.value.trim()) {
          extra += f.value.split(",").filter(function (c) { return c.trim(); }).length;
          any = true;
        }
        return;
      }
      any = true;
      if (m && (m[1] === "regular" || m[1] === "elite")) { units += v; } else { extra += v; }
    });
    return any ? (extra ? units + "+" + extra : String(units)) : "";
  }

  var pending = false;
  function sync() {
    if (pending || !svg) { return; }
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      var names = Array.prototype.filter.call(form.querySelectorAll("input[list='regions-dl']"), function (f) {
        return /^q-/.test(f.name) || f.name === "fel-region";
      });
      var keys = names.map(function (f) { return f.name.replace(/^q-/, ""); });
      var roles = {};
      names.forEach(function (f) {
        var id = regionId(f.value);
        if (id) { roles[id] = roleOf(f.name, keys); }
      });
      var armies = {};
      rows.forEach(function (row, i) {
        var id = regionId(rowName(row).value);
        if (!id) { return; }
        besiegedFor(i);
        var parts = [];
        var fp = sideText(row, "fp"), sh = sideText(row, "sh");
        if (fp) { parts.push(fill((DATA.army || {}).fp, { n: fp })); }
        if (sh) { parts.push(fill((DATA.army || {}).sh, { n: sh })); }
        if (parts.length) { armies[id] = parts.join(" · "); }
        showRowName(row);
      });
      svg.setAttribute("data-roles", Object.keys(roles).map(function (id) { return id + ":" + roles[id]; }).join(" "));
      svg.setAttribute("data-armies", JSON.stringify(armies));
      applyMode(false);
    });
  }

  // -- the Political Track: the rows when "Per nation" (or when they hold something) ------
  var polRows = document.getElementById("pol-rows");
  function showPolitics() {
    if (!polRows) { return; }
    var used = Array.prototype.some.call(polRows.querySelectorAll("select"), function (s) { return s.value; });
    polRows.hidden = !(used || valueOf("pol-preset") === "custom");
  }

  // A region named in the question gets its row as soon as its name is whole (while typing,
  // not when the box loses focus: a row opening then would move the button being tapped).
  var madeFor = {};
  function rowForQuestion(input) {
    var id = regionId(input.value);
    if (!id || !rows.length) { return; }
    var mine = madeFor[input.name];
    var old = mine ? mine.getAttribute("data-auto") : null;
    // The question's region changed (typed, or tapped on the map): the row made for the old
    // one follows, and the army in it with it, unless another field of the question still
    // names the old region or the new one has a row of its own (issue 26).
    var stillNamed = questionRegions().indexOf(old) >= 0;
    if (mine && old && old !== id && !rowFor(id) && !stillNamed) {
      var army = rowHasValues(mine, rowName(mine));
      setValue(rowName(mine), nameOf(id));
      mine.setAttribute("data-auto", id);
      showRowName(mine);
      if (army) { say(fill((DATA.words || {}).moved, { from: nameOf(old), to: nameOf(id) })); }
      return;
    }
    var row = ensureRow(id);
    if (row && row.getAttribute("data-auto") === id) { madeFor[input.name] = row; }
  }

  form.addEventListener("input", function (e) {
    var t = e.target;
    if (t.parentNode && t.parentNode.classList && t.parentNode.classList.contains("count-row")) { pressed(t); }
    countTyped(t);
    if (/^q-/.test(t.name || "") && t.getAttribute("list") === "regions-dl") { rowForQuestion(t); }
    sync();
  });
  form.addEventListener("change", function (e) {
    if (e.target.name === "pol-preset") { showPolitics(); }
    var besieged = /^r(\d+)-besieged$/.exec(e.target.name || "");
    if (besieged && e.isTrusted && rows[Number(besieged[1])]) {
      rows[Number(besieged[1])].setAttribute("data-besieged-chosen", "");
    }
    sync();
  });

  // -- Back after a ruling -----------------------------------------------------------------
  var KEY = "adjudicator:form:" + form.getAttribute("action");

  function snapshot() {
    var out = {};
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.type === "submit" || f.type === "button" || f.name === "map-mode") { return; }
      if (f.type === "radio") { if (f.checked) { out[f.name] = f.value; } return; }
      if (f.value) { out[f.name] = f.value; }
    });
    return out;
  }

  function restore(saved) {
    Object.keys(saved).forEach(function (name) {
      var f = field(name);
      if (!f) { return; }
      if (f instanceof RadioNodeList) {
        Array.prototype.forEach.call(f, function (r) { r.checked = r.value === saved[name]; });
      } else if (!f.value) {
        f.value = saved[name];
      }
    });
  }

  function emptyNow() {
    var now = snapshot();
    return Object.keys(now).every(function (k) { return now[k] === ""; });
  }

  form.addEventListener("submit", function () {
    // A row the map made for a region of the question and nothing put in: not sent, so the
    // ruling still says that the region is taken as empty (a default, with its "change" link).
    rows.forEach(function (row) {
      var name = rowName(row);
      if (row.hasAttribute("data-auto") && !rowHasValues(row, name)) { name.disabled = true; }
    });
    try { sessionStorage.setItem(KEY, JSON.stringify(snapshot())); } catch (err) { /* private mode: Back still has the browser's own */ }
  });

  function questionRegions() {
    return Array.prototype.filter.call(form.querySelectorAll("input[list='regions-dl']"), function (f) {
      return /^q-/.test(f.name);
    }).map(function (f) { return regionId(f.value); }).filter(Boolean);
  }

  function settle() {
    var asked = questionRegions();
    rows.forEach(function (row) {
      var name = rowName(row);
      name.disabled = false;
      if (!rowHasValues(row, name) && asked.indexOf(regionId(name.value)) >= 0) {
        row.setAttribute("data-auto", regionId(name.value));
      }
    });
    var nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    if (nav && nav.type === "back_forward" && emptyNow()) {
      try { restore(JSON.parse(sessionStorage.getItem(KEY) || "{}")); } catch (err) { /* nothing saved */ }
    }
    rows.forEach(function (row) { if (rowHasValues(row)) { showRow(row); row.open = true; } });
    // A form opened filled in (Edit, Back): a tap sets the first region still to give.
    var empty = regionFields.filter(function (r) {
      var input = document.getElementById(r.value);
      return input ? !input.value.trim() : r.value === "position";
    })[0];
    if (empty && !empty.checked && held().length) { empty.checked = true; applyMode(true); }
    showPolitics();
    sync();
    // Back on a form already filled in: the map closes up on what it holds (unless To's
    // choices just did).
    var regionsHeld = held();
    if (svg && regionsHeld.length && !svg.hasAttribute("data-candidates")) {
      svg.setAttribute("data-focus", regionsHeld.join(" "));
    }
  }

  function held() {
    return questionRegions().concat(rows.map(function (row) { return regionId(rowName(row).value); })).filter(Boolean);
  }
  window.addEventListener("pageshow", settle);
  settle();
})();
