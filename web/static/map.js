// The board map (web/boardmap.py draws it): pan, zoom and picking a region. Enhancement
// only: without this script the map is a still picture and the list beside it says what
// it marks; the forms' text inputs stay the way to type a region.
//
// For the forms: picking a region fires "region-pick" on the <svg> (bubbles, cancelable;
// detail: {id, name, role}). Unless a listener calls preventDefault(), the input whose id
// is in the SVG's data-target gets the name (and "input" and "change" events).
// data-candidates="id id ..." limits picking to those regions and dims the others. Both
// attributes may change at any time (a form switching From to To): the map follows, as it
// does for data-roles="id:role id:role" (the marks), data-armies='{"id": "FP 2+1"}' (the
// armies drawn above the regions) and data-focus="id id" (the view closes up on them).
// A tap where several regions crowd under the finger zooms in there instead of guessing.
(function () {
  "use strict";
  if (window.adjudicatorMap) { return; }   // the component may be on a page twice
  window.adjudicatorMap = true;

  var MAX_ZOOM = 2.5;         // screen pixels per unit at the deepest zoom
  var LABEL_PX = 12;         // the names' size on screen at every zoom
  var TAP_PX = 28;           // a tap this near a region picks it (regions are small on a phone)
  var DRAG_PX = 8;           // a pointer that moves further is dragging, not tapping
  var TARGET_PX = 24;        // a region this far from any other is a target a finger hits (WCAG 2.5.8)
  var SPREAD_PX = 44;        // a crowded tap zooms until the regions there are this far apart
  var FOCUS_MARGIN = 90;     // around the regions of data-focus, in board units (as boardmap)
  var FOCUS_MIN = [360, 300];
  var STEP = 1.6;            // zoom factor of the buttons and keys
  // Where a name may go, in order of preference (as boardmap.PLACES): the anchor point in
  // offsets from the centre, the text-anchor, and the text's edge on that point.
  var PLACES = [[0, 1, "middle", "top"], [0, -1, "middle", "bottom"], [1, 0, "start", "middle"],
                [-1, 0, "end", "middle"], [0.7, 0.7, "start", "top"], [-0.7, 0.7, "end", "top"],
                [0.7, -0.7, "start", "bottom"], [-0.7, -0.7, "end", "bottom"]];
  var BASELINE = { top: ".8em", middle: ".35em", bottom: "-.25em" };
  var ROLE_RANK = { from: 0, to: 1, blocked: 2, path: 3, reachable: 4 };
  var KIND_RANK = { stronghold: 0, city: 1, town: 2, fortification: 3, none: 4 };
  // Strongholds and cities are drawn at least TARGET_PX across at every zoom (their shapes'
  // size in board units, as boardmap.SHAPES): a tap on one, nearer its centre than any
  // other region's, picks it even where the board is crowded.
  var BIG = { stronghold: 22, city: 28 };

  function box(text) {
    var n = String(text).trim().split(/[\s,]+/).map(Number);
    return { x: n[0], y: n[1], w: n[2], h: n[3] };
  }

  function setup(svg) {
    var board = box(svg.getAttribute("data-board"));
    var home = box(svg.getAttribute("viewBox"));
    var figure = svg.closest("figure") || svg.parentNode;
    var info = figure.querySelector(".map-info");
    var spots = Array.prototype.map.call(svg.querySelectorAll("[data-region]"), function (g) {
      var m = g.transform.baseVal.consolidate().matrix;
      var kind = /\bk-(\w+)/.exec(g.getAttribute("class"));
      return { g: g, id: g.getAttribute("data-region"), x: m.e, y: m.f, label: g.querySelector("text.l"),
               army: g.querySelector("text.a"), kind: kind ? kind[1] : "none", em: 0, scale: 1,
               shape: g.querySelector("use") };
    });
    // Each region's <title> says what it is, then its role and its army (boardmap.region_title):
    // kept in step as the form changes the marks and the armies.
    var roleWords = {};
    try { roleWords = JSON.parse(svg.getAttribute("data-role-labels") || "{}") || {}; } catch (err) { roleWords = {}; }
    spots.forEach(function (s) {
      var title = s.g.querySelector("title");
      var parts = title ? title.textContent.split(" · ") : [];
      if (s.army && parts[parts.length - 1] === s.army.textContent) { parts.pop(); }
      var role = s.g.getAttribute("data-role");
      if (role && parts[parts.length - 1] === roleWords[role]) { parts.pop(); }
      s.base = parts.join(" · ");
    });

    function retitle(s) {
      var title = s.g.querySelector("title");
      if (!title || !s.base) { return; }
      var role = s.g.getAttribute("data-role");
      title.textContent = [s.base, role && roleWords[role], s.army && s.army.textContent]
        .filter(Boolean).join(" · ");
    }
    var pickable = spots;
    var ready = false;
    // The view: its centre and its scale (units per screen pixel); the SVG element's own
    // shape (CSS) decides how much of the board that shows.
    var view = { cx: 0, cy: 0, upp: 1 };

    svg.setAttribute("role", "group");
    svg.classList.add("live");
    spots.forEach(function (s) {
      s.g.setAttribute("role", "button");
      s.g.setAttribute("tabindex", "-1");
    });

    function size() {     // inside the border: what the viewBox is drawn on
      var r = svg.getBoundingClientRect();
      return { w: svg.clientWidth || r.width || 1, h: svg.clientHeight || r.height || 1 };
    }

    function fit(b) {
      var px = size();
      return { cx: b.x + b.w / 2, cy: b.y + b.h / 2, upp: Math.max(b.w / px.w, b.h / px.h) };
    }

    function shown() {
      var px = size();
      var w = view.upp * px.w, h = view.upp * px.h;
      return { x: view.cx - w / 2, y: view.cy - h / 2, w: w, h: h };
    }

    function clampAxis(c, half, lo, span) {
      return 2 * half >= span ? lo + span / 2 : Math.min(Math.max(c, lo + half), lo + span - half);
    }

    var layoutPending = false;
    function show(next) {
      var px = size();
      var whole = fit(board).upp;
      var upp = Math.min(Math.max(next.upp, 1 / MAX_ZOOM), whole);
      view = { upp: upp, cx: clampAxis(next.cx, upp * px.w / 2, board.x, board.w),
               cy: clampAxis(next.cy, upp * px.h / 2, board.y, board.h) };
      var b = shown();
      svg.setAttribute("viewBox", [b.x, b.y, b.w, b.h].map(function (v) { return v.toFixed(1); }).join(" "));
      svg.setAttribute("font-size", (LABEL_PX * upp).toFixed(1));
      spots.forEach(function (s) {
        if (!BIG[s.kind] || !s.shape) { return; }
        s.scale = Math.max(1, Math.ceil(TARGET_PX * upp / BIG[s.kind] * 100) / 100);   // never under 24 px
        if (s.scale > 1) { s.shape.setAttribute("transform", "scale(" + s.scale.toFixed(2) + ")"); }
        else { s.shape.removeAttribute("transform"); }
      });
      if (!layoutPending) {
        layoutPending = true;
        requestAnimationFrame(function () { layoutPending = false; layoutLabels(); });
      }
    }

    function zoomAt(factor, ux, uy) {
      var upp = view.upp / factor;
      var k = upp / view.upp;
      show({ cx: ux - (ux - view.cx) * k, cy: uy - (uy - view.cy) * k, upp: upp });
    }

    function zoomCentre(factor) { zoomAt(factor, view.cx, view.cy); }

    // -- what a form changes: the marks, the armies, the regions to show -----------------
    var SVG_NS = "http://www.w3.org/2000/svg";
    var mapId = svg.id;

    function applyRoles() {
      var roles = {};
      (svg.getAttribute("data-roles") || "").split(/\s+/).forEach(function (pair) {
        var at = pair.lastIndexOf(":");
        if (at > 0) { roles[pair.slice(0, at)] = pair.slice(at + 1); }
      });
      spots.forEach(function (s) {
        var role = roles[s.id] || null;
        var mark = s.g.querySelector("use.mk") || Array.prototype.filter.call(s.g.querySelectorAll("use"), function (u) {
          return (u.getAttribute("href") || "").indexOf("-m-") >= 0;
        })[0];
        if (role) {
          s.g.setAttribute("data-role", role);
          if (!mark) {
            mark = document.createElementNS(SVG_NS, "use");
            s.g.insertBefore(mark, s.label || null);
          }
          mark.setAttribute("class", "mk");
          mark.setAttribute("href", "#" + mapId + "-m-" + role);
        } else {
          s.g.removeAttribute("data-role");
          if (mark) { mark.remove(); }
        }
        s.g.classList.toggle("m", !!role);
        if (s.army) { s.army.setAttribute("y", String(-offsetOf(s))); }
        retitle(s);
      });
    }

    function applyArmies() {
      var armies = {};
      try { armies = JSON.parse(svg.getAttribute("data-armies") || "{}") || {}; } catch (err) { armies = {}; }
      spots.forEach(function (s) {
        var text = armies[s.id];
        if (!text) {
          if (s.army) { s.army.remove(); s.army = null; }
          retitle(s);
          return;
        }
        if (!s.army) {
          s.army = document.createElementNS(SVG_NS, "text");
          s.army.setAttribute("class", "a");
          s.army.setAttribute("dy", "-.25em");
          s.g.appendChild(s.army);
        }
        s.army.setAttribute("y", String(-offsetOf(s)));
        s.army.textContent = text;
        retitle(s);
      });
    }

    function focusOn(ids) {
      var chosen = spots.filter(function (s) { return ids.indexOf(s.id) >= 0; });
      if (!chosen.length) { return; }
      var xs = chosen.map(function (s) { return s.x; }), ys = chosen.map(function (s) { return s.y; });
      var left = Math.min.apply(null, xs) - FOCUS_MARGIN, right = Math.max.apply(null, xs) + FOCUS_MARGIN;
      var top = Math.min.apply(null, ys) - FOCUS_MARGIN, bottom = Math.max.apply(null, ys) + FOCUS_MARGIN;
      var w = Math.max(right - left, FOCUS_MIN[0]), h = Math.max(bottom - top, FOCUS_MIN[1]);
      show(fit({ x: (left + right - w) / 2, y: (top + bottom - h) / 2, w: w, h: h }));
    }

    function changed(mutations) {
      var relayout = false;
      mutations.forEach(function (m) {
        if (m.attributeName === "data-candidates") { applyCandidates(); }
        else if (m.attributeName === "data-roles") { applyRoles(); relayout = true; }
        else if (m.attributeName === "data-armies") { applyArmies(); relayout = true; }
        else if (m.attributeName === "data-focus") {
          focusOn((svg.getAttribute("data-focus") || "").split(/\s+/).filter(Boolean));
        }
      });
      if (relayout) { measure(); show(view); }
    }

    function toUser(clientX, clientY) {
      var p = new DOMPoint(clientX, clientY).matrixTransform(svg.getScreenCTM().inverse());
      return { x: p.x, y: p.y };
    }

    function unitsPerPx() { return view.upp; }

    // -- names: laid out again at every zoom so that none covers one that matters more ----
    function measure() {
      var size = svg.getAttribute("font-size");
      svg.setAttribute("font-size", "100");
      spots.forEach(function (s) {
        if (!s.label) { return; }
        s.label.classList.remove("o");
        s.em = s.label.getComputedTextLength() / 100;
        s.armyEm = s.army ? s.army.getComputedTextLength() / 100 : 0;
      });
      if (size) { svg.setAttribute("font-size", size); }
    }

    function offsetOf(s) {
      var own = BIG[s.kind] ? BIG[s.kind] * s.scale / 2 + 3 : 0;
      return Math.max(s.g.hasAttribute("data-role") ? 26 : 14, own);
    }

    function placeLabel(s, place) {
      var o = offsetOf(s);
      s.label.setAttribute("x", (place[0] * o).toFixed(0));
      s.label.setAttribute("y", (place[1] * o).toFixed(0));
      s.label.setAttribute("dy", BASELINE[place[3]]);
      s.label.setAttribute("text-anchor", place[2]);
    }

    function rank(s) {
      var role = s.g.getAttribute("data-role");
      if (role) { return ROLE_RANK[role]; }
      if (s.g.classList.contains("picked")) { return 5; }
      if (s.g.classList.contains("cand")) { return 6; }
      return 10 + KIND_RANK[s.kind];
    }

    function labelBox(s, width, height, place, pad) {
      var o = offsetOf(s), ax = s.x + place[0] * o, ay = s.y + place[1] * o;
      var left = place[2] === "middle" ? ax - width / 2 : place[2] === "start" ? ax : ax - width;
      var top = place[3] === "top" ? ay : place[3] === "middle" ? ay - height / 2 : ay - height;
      return [left - pad, top - pad, left + width + pad, top + height + pad];
    }

    function overlap(a, b) {
      return Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) *
             Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
    }

    // Greedy, most important first, as boardmap.label_places: a name that would cover a
    // shape, an army or a name placed before it tries the next place, else hides; a marked
    // name always shows, where it covers least.
    function layoutLabels() {
      var b = shown();
      var em = LABEL_PX * view.upp, pad = 1.5 * view.upp;
      var edges = [b.x, b.y, b.x + b.w, b.y + b.h];
      var taken = [];
      var inView = spots.filter(function (s) {
        return s.x > b.x - 200 * view.upp && s.x < b.x + b.w + 200 * view.upp &&
               s.y > b.y - 50 * view.upp && s.y < b.y + b.h + 50 * view.upp;
      });
      inView.forEach(function (s) {
        var r = offsetOf(s) - 2;
        taken.push({ box: [s.x - r, s.y - r, s.x + r, s.y + r], owner: s });
        if (s.army) { taken.push({ box: labelBox(s, s.armyEm * em, em * 0.9, PLACES[1], pad), owner: s }); }
      });
      inView.sort(function (a, c) { return rank(a) - rank(c); });
      spots.forEach(function (s) { if (s.label && inView.indexOf(s) < 0) { s.label.classList.add("o"); } });
      inView.forEach(function (s) {
        if (!s.label) { return; }
        var height = em * (s.g.hasAttribute("data-role") ? 1.15 : 1);
        var best = null, bestCover = Infinity;
        for (var i = 0; i < PLACES.length && bestCover > 0; i++) {
          if (s.army && PLACES[i][1] < 0) { continue; }   // above is the army's
          var box = labelBox(s, s.em * em, height, PLACES[i], pad);
          // a name cut by the map's edge is worse than one over another's
          var cover = 4 * ((box[2] - box[0]) * (box[3] - box[1]) - overlap(box, edges));
          taken.forEach(function (t) { if (t.owner !== s) { cover += overlap(box, t.box); } });
          if (cover < bestCover) { best = { place: PLACES[i], box: box }; bestCover = cover; }
        }
        var show = bestCover === 0 || rank(s) < 5 || !!BIG[s.kind];   // every stronghold and city is named
        s.label.classList.toggle("o", !show);
        if (!show) { return; }
        placeLabel(s, best.place);
        taken.push({ box: best.box, owner: s });
      });
    }

    // -- picking ------------------------------------------------------------------------
    function nameOf(s) {
      var label = s.g.querySelector("text.l");
      return label ? label.textContent : s.id;
    }

    function titleOf(s) {
      var title = s.g.querySelector("title");
      return title ? title.textContent : nameOf(s);
    }

    function applyCandidates() {
      var list = svg.getAttribute("data-candidates");
      var allowed = list === null ? null : list.split(/\s+/).filter(Boolean);
      svg.classList.toggle("picking", allowed !== null);
      pickable = allowed === null ? spots : spots.filter(function (s) { return allowed.indexOf(s.id) >= 0; });
      spots.forEach(function (s) {
        var ok = pickable.indexOf(s) >= 0;
        s.g.classList.toggle("cand", allowed !== null && ok);
        if (ok) { s.g.removeAttribute("aria-disabled"); } else { s.g.setAttribute("aria-disabled", "true"); }
      });
      var current = svg.querySelector('[data-region][tabindex="0"]');
      if (!current || pickable.every(function (s) { return s.g !== current; })) {
        roveTo(firstStop(), false);
      }
      if (ready) { layoutLabels(); }
    }

    function firstStop() {
      var marked = pickable.filter(function (s) { return s.g.hasAttribute("data-role"); });
      if (marked.length) { return marked[0]; }
      return nearest(view.cx, view.cy, Infinity);
    }

    function nearest(ux, uy, limit) {
      var best = null, bestD = limit;
      pickable.forEach(function (s) {
        var d = Math.hypot(s.x - ux, s.y - uy);
        if (d < bestD) { best = s; bestD = d; }
      });
      return best;
    }

    function roveTo(s, focus) {
      spots.forEach(function (t) { t.g.setAttribute("tabindex", t === s ? "0" : "-1"); });
      if (s && focus) {
        s.g.focus();
        var b = shown();
        if (s.x < b.x || s.x > b.x + b.w || s.y < b.y || s.y > b.y + b.h) {
          show({ cx: s.x, cy: s.y, upp: view.upp });
        }
      }
    }

    function pick(s) {
      if (info) { info.hidden = false; info.textContent = titleOf(s); }
      if (pickable.indexOf(s) < 0) { return; }
      roveTo(s, false);
      var event = new CustomEvent("region-pick", {
        bubbles: true, cancelable: true,
        detail: { id: s.id, name: nameOf(s), role: s.g.getAttribute("data-role") }
      });
      if (!svg.dispatchEvent(event)) { return; }
      spots.forEach(function (t) { t.g.classList.toggle("picked", t === s); });
      var word = svg.getAttribute("data-tap-neighbours");
      if (word) {       // the board page: the region and its neighbours, marked and said
        var adj = (s.g.getAttribute("data-adj") || "").split(/\s+/).filter(Boolean);
        svg.setAttribute("data-roles", [s.id + ":from"].concat(adj.map(function (n) { return n + ":reachable"; })).join(" "));
        var legend = document.getElementById(svg.id + "-legend");
        if (legend) { legend.hidden = true; }    // it said the region the page was opened on
        if (info) {
          info.textContent = titleOf(s) + " — " + word + ": " + adj.map(function (n) {
            var t = spots.filter(function (x) { return x.id === n; })[0];
            return t ? nameOf(t) : n;
          }).join(", ");
        }
      }
      layoutLabels();
      var target = svg.getAttribute("data-target");
      var input = target && document.getElementById(target);
      if (input) {
        input.value = nameOf(s);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }

    function spotOf(element) {
      var g = element && element.closest && element.closest("[data-region]");
      for (var i = 0; g && i < spots.length; i++) { if (spots[i].g === g) { return spots[i]; } }
      return null;
    }

    // -- pointers: drag to pan, pinch to zoom, tap to pick -------------------------------
    var pointers = {};
    var gesture = null;

    function pointerList() { return Object.keys(pointers).map(function (k) { return pointers[k]; }); }

    function startGesture() {
      var list = pointerList();
      if (list.length === 1) {
        gesture = { startX: list[0].x, startY: list[0].y, lastX: list[0].x, lastY: list[0].y,
                    moved: gesture ? gesture.moved : false, pinch: null };
      } else if (list.length >= 2) {
        gesture = gesture || { moved: true };
        gesture.moved = true;
        gesture.pinch = { d: Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y),
                          mx: (list[0].x + list[1].x) / 2, my: (list[0].y + list[1].y) / 2 };
      }
    }

    svg.addEventListener("pointerdown", function (e) {
      if (e.button !== undefined && e.button > 0) { return; }
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY, target: e.target };
      if (Object.keys(pointers).length === 1) { gesture = null; }
      startGesture();
      svg.setPointerCapture(e.pointerId);
    });

    svg.addEventListener("pointermove", function (e) {
      var p = pointers[e.pointerId];
      if (!p || !gesture) { return; }
      p.x = e.clientX;
      p.y = e.clientY;
      var list = pointerList();
      if (list.length >= 2 && gesture.pinch) {
        var d = Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y);
        var mx = (list[0].x + list[1].x) / 2, my = (list[0].y + list[1].y) / 2;
        show({ cx: view.cx - (mx - gesture.pinch.mx) * view.upp, cy: view.cy - (my - gesture.pinch.my) * view.upp,
               upp: view.upp });
        var centre = toUser(mx, my);
        if (gesture.pinch.d > 0 && d > 0) { zoomAt(d / gesture.pinch.d, centre.x, centre.y); }
        gesture.pinch = { d: d, mx: mx, my: my };
      } else if (list.length === 1) {
        if (Math.hypot(p.x - gesture.startX, p.y - gesture.startY) > DRAG_PX) { gesture.moved = true; }
        if (gesture.moved) {
          show({ cx: view.cx - (p.x - gesture.lastX) * view.upp, cy: view.cy - (p.y - gesture.lastY) * view.upp,
                 upp: view.upp });
        }
        gesture.lastX = p.x;
        gesture.lastY = p.y;
      }
    });

    // Under a finger, regions closer than TARGET_PX are not told apart: the tap zooms in
    // there until they are SPREAD_PX apart (as deep as MAX_ZOOM allows) rather than guess.
    function crowdedZoom(at) {
      var reach = TAP_PX * unitsPerPx();
      var near = pickable.filter(function (s) { return Math.hypot(s.x - at.x, s.y - at.y) < reach; });
      if (near.length < 2 || view.upp <= 1 / MAX_ZOOM + 1e-9) { return false; }
      var closest = Infinity;
      near.forEach(function (a, i) {
        near.slice(i + 1).forEach(function (b) { closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y)); });
      });
      if (closest / view.upp >= TARGET_PX) { return false; }
      var factor = Math.max(view.upp / Math.max(closest / SPREAD_PX, 1 / MAX_ZOOM), STEP);
      zoomAt(factor, at.x, at.y);
      if (info && svg.getAttribute("data-zoomed-text")) {
        info.hidden = false;
        info.textContent = svg.getAttribute("data-zoomed-text");
      }
      return true;
    }

    function release(e) {
      var p = pointers[e.pointerId];
      if (!p) { return; }
      delete pointers[e.pointerId];
      var left = Object.keys(pointers).length;
      if (e.type === "pointerup" && left === 0 && gesture && !gesture.moved) {
        var hit = spotOf(p.target);
        var at = toUser(e.clientX, e.clientY);
        var onMarker = hit && BIG[hit.kind] && p.target === hit.shape && pickable.indexOf(hit) >= 0 &&
          nearest(at.x, at.y, Infinity) === hit;
        if (onMarker) { pick(hit); }
        else if (!crowdedZoom(at)) {
          if (!hit || pickable.indexOf(hit) < 0) {
            hit = nearest(at.x, at.y, TAP_PX * unitsPerPx()) || hit;
          }
          if (hit) { pick(hit); }
        }
      }
      if (left === 0) { gesture = null; } else { startGesture(); }
    }
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", release);

    // Ctrl + wheel (and a trackpad's pinch) zooms; the plain wheel still scrolls the page.
    svg.addEventListener("wheel", function (e) {
      if (!e.ctrlKey && !e.metaKey) { return; }
      e.preventDefault();
      var at = toUser(e.clientX, e.clientY);
      zoomAt(Math.exp(-e.deltaY / 300), at.x, at.y);
    }, { passive: false });

    // -- keyboard: arrows go to the nearest region that way, Enter or Space picks it ----
    var DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

    function toward(from, dir) {
      var best = null, bestScore = Infinity;
      pickable.forEach(function (s) {
        var dx = s.x - from.x, dy = s.y - from.y;
        var ahead = dx * dir[0] + dy * dir[1];
        if (s === from || ahead <= 0) { return; }
        var aside = Math.abs(dx * dir[1] - dy * dir[0]);
        var score = ahead + 2 * aside;
        if (score < bestScore) { best = s; bestScore = score; }
      });
      return best;
    }

    svg.addEventListener("keydown", function (e) {
      var s = spotOf(e.target);
      if (!s) { return; }
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        pick(s);
      } else if (DIRECTIONS[e.key]) {
        e.preventDefault();
        var next = toward(s, DIRECTIONS[e.key]);
        if (next) { roveTo(next, true); }
      } else if (e.key === "+" || e.key === "=") {
        e.preventDefault();
        zoomAt(STEP, s.x, s.y);
      } else if (e.key === "-") {
        e.preventDefault();
        zoomAt(1 / STEP, s.x, s.y);
      }
    });

    // -- the buttons ----------------------------------------------------------------------
    var tools = figure.querySelector(".map-tools");
    if (tools) {
      tools.hidden = false;
      tools.addEventListener("click", function (e) {
        var button = e.target.closest("button[data-zoom]");
        if (!button) { return; }
        var what = button.getAttribute("data-zoom");
        if (what === "in") { zoomCentre(STEP); }
        else if (what === "out") { zoomCentre(1 / STEP); }
        else if (what === "all") { show(fit(board)); }
        else if (what === "home") { show(fit(home)); }
      });
    }
    var hint = figure.querySelector(".map-hint");
    if (hint) { hint.hidden = false; }

    // A map folded away (a form's "On the board"): laid out again once opened.
    var fold = figure.closest("details");
    if (fold) {
      fold.addEventListener("toggle", function () {
        if (!fold.open) { return; }
        measure();
        var focus = (svg.getAttribute("data-focus") || "").split(/\s+/).filter(Boolean);
        if (focus.length) { focusOn(focus); } else { show(fit(home)); }
      });
    }
    new MutationObserver(changed).observe(svg, {
      attributes: true, attributeFilter: ["data-candidates", "data-roles", "data-armies", "data-focus"] });
    window.addEventListener("resize", function () { show(view); });
    measure();
    show(fit(home));
    applyCandidates();
    ready = true;
  }

  function setupAll() {
    Array.prototype.forEach.call(document.querySelectorAll("svg.board-map[data-board]"), setup);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupAll);
  } else {
    setupAll();
  }
})();
