// The clickable map: orders by clicking the map, over the orders box.
// The box stays the one source of truth: every click writes a line into
// it, and whatever the box holds (typed or clicked) is drawn on the map by
// the server's own renderer as pending orders, live. What may be ordered
// comes from the judge (the legal-orders endpoint): this script matches
// clicks against that list and knows no rule of the game. A player holding
// several powers has an orders form for each: the map orders for one at a
// time, chosen above it (or by typing in its box). The map zooms (buttons,
// a pinch, the wheel with Ctrl) and pans (a drag, one finger).
// Without JavaScript the page works the same, orders typed.
// Started again when live.js swaps in the map and the orders (a phase
// processed while the page is open).
function startMap() {
  const forms = [...document.querySelectorAll("form[data-legal]")];
  const figure = document.querySelector("figure.map");
  if (!forms.length || !figure || figure.dataset.started) return;
  figure.dataset.started = "1";
  // The tools made for the map this one replaces go with it.
  for (const old of document.querySelectorAll(".map-powers, .map-tools, .map-say, .map-choices")) old.remove();
  // Each power's form: its box, its legal orders, its undo steps (the box
  // before each click's order, and before each run of typing, so that
  // Undo takes back a typed line too).
  const powers = forms.map((form) => ({
    form,
    box: form.elements.orders,
    legal: null,
    undo: [],
    typing: false,
    before: form.elements.orders.value,
  }));
  let cur = powers[0];
  let mode = "move";
  let picks = [];
  let zoom = 1;

  // The tools above the map: modes, undo, zoom, and what to click next.
  const tools = document.createElement("div");
  tools.className = "map-tools";
  const say = document.createElement("p");
  say.className = "map-say";
  say.setAttribute("aria-live", "polite");
  const choices = document.createElement("div");
  choices.className = "map-choices";
  const button = (label, title, onclick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.title = title;
    b.addEventListener("click", onclick);
    tools.append(b);
    return b;
  };
  const chooser = document.createElement("div");
  chooser.className = "map-powers";
  if (powers.length > 1) {
    chooser.append("Ordering for: ");
    for (const p of powers) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = p.form.dataset.power;
      b.addEventListener("click", () => choosePower(p));
      chooser.append(b);
      p.button = b;
    }
  }
  const modes = {};
  for (const [name, label, title] of [
    ["move", "Move / hold", "Click a unit, then where it moves (the unit again: it holds)"],
    ["support", "Support", "Click the supporting unit, the supported unit, then where it goes (its own province: support to hold)"],
    ["convoy", "Convoy", "Click the fleet, the army, then where the army lands"],
  ]) {
    modes[name] = button(label, title, () => setMode(name));
    modes[name].dataset.mode = name;
  }
  button("Undo", "Take back the last click's order", () => {
    if (cur.undo.length) {
      cur.typing = false;
      cur.box.value = cur.undo.pop();
      cur.box.dispatchEvent(new Event("input"));
      reset("Undone.");
    }
  }).className = "undo";
  button("WAIVE", "Waive a build", () => write({ text: "WAIVE", kind: "waive" })).className = "waive";
  button("+", "Zoom in", () => setZoom(zoom * 1.5)).className = "zoom-in";
  button("−", "Zoom out", () => setZoom(zoom / 1.5)).className = "zoom-out";
  const holder = document.createElement("div");
  holder.className = "map-holder";
  holder.tabIndex = 0;
  figure.before(chooser, tools, say, choices);
  figure.prepend(holder);

  // Zoom to `z` (1: the map fits the width), keeping the point `at` (the
  // screen's; the middle of the map by default) where it is.
  function setZoom(z, at) {
    const old = zoom;
    zoom = Math.min(6, Math.max(1, z));
    holder.classList.toggle("zoomed", zoom > 1);
    const svg = holder.querySelector("svg");
    if (!svg) return;
    const r = holder.getBoundingClientRect();
    const x = at ? at.x - r.left : holder.clientWidth / 2;
    const y = at ? at.y - r.top : holder.clientHeight / 2;
    const [left, top] = [(holder.scrollLeft + x) / old, (holder.scrollTop + y) / old];
    svg.style.width = 100 * zoom + "%";
    holder.scrollLeft = left * zoom - x;
    holder.scrollTop = top * zoom - y;
  }

  // Pan by dragging (one finger, or the mouse), zoom by pinching (two
  // fingers). A drag is not a click: the click that ends it is dropped.
  const pointers = new Map();
  let gesture = null;
  let dragged = false;
  const middle = (ps) => ({ x: (ps[0].x + ps[1].x) / 2, y: (ps[0].y + ps[1].y) / 2 });
  const apart = (ps) => Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y) || 1;
  function startGesture() {
    const ps = [...pointers.values()];
    gesture = ps.length === 1 ? { x: ps[0].x, y: ps[0].y, left: holder.scrollLeft, top: holder.scrollTop }
      : ps.length === 2 ? { apart: apart(ps), zoom } : null;
  }
  holder.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (!pointers.size) dragged = false;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    startGesture();
  });
  holder.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const ps = [...pointers.values()];
    if (ps.length === 2 && gesture.apart) {
      dragged = true;
      setZoom(gesture.zoom * apart(ps) / gesture.apart, middle(ps));
    } else if (ps.length === 1 && gesture.left !== undefined) {
      const [dx, dy] = [ps[0].x - gesture.x, ps[0].y - gesture.y];
      if (Math.abs(dx) + Math.abs(dy) > 8) dragged = true;
      if (dragged) {
        holder.scrollLeft = gesture.left - dx;
        holder.scrollTop = gesture.top - dy;
      }
    }
  });
  for (const type of ["pointerup", "pointercancel"]) {
    holder.addEventListener(type, (e) => {
      pointers.delete(e.pointerId);
      startGesture();
    });
  }
  holder.addEventListener("wheel", (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    setZoom(zoom * (e.deltaY < 0 ? 1.25 : 0.8), { x: e.clientX, y: e.clientY });
  }, { passive: false });
  function setMode(name) {
    mode = name;
    for (const [n, b] of Object.entries(modes)) b.setAttribute("aria-pressed", String(n === name));
    reset();
  }

  function regions(province) {
    return holder.querySelectorAll(`[data-province="${CSS.escape(province)}"]`);
  }
  function mark(provinces, cls) {
    for (const el of holder.querySelectorAll("." + cls)) el.classList.remove(cls);
    for (const p of provinces) for (const el of regions(p)) el.classList.add(cls);
  }
  function highlight() {
    const unit = picks[0];
    mark(unit ? [unit.province] : [], "picked");
    mark(targets(), "target");
  }
  function reset(message) {
    picks = [];
    choices.replaceChildren();
    highlight();
    say.textContent = message || prompt();
  }
  function prompt() {
    const legal = cur.legal;
    if (!legal) return "";
    if (legal.kind === "adjustment" || legal.kind === "placement") return "Click a lit province to build there, or one of your units to remove it.";
    if (legal.kind === "retreat") return "Click a dislodged unit, then where it retreats (the unit again: it disbands).";
    return { move: "Click one of your units.", support: "Click the unit that supports.", convoy: "Click the fleet that convoys." }[mode];
  }

  // The orders of the unit picked that the next click may complete.
  function pending() {
    const unit = picks[0];
    if (!unit) return [];
    if (cur.legal.kind === "retreat") return unit.orders.filter((o) => o.kind === "retreat" || o.kind === "disband");
    if (mode === "move") return unit.orders.filter((o) => o.kind === "move" || o.kind === "hold");
    return unit.orders.filter((o) => o.kind === mode && (picks.length < 2 || o.of === picks[1]));
  }
  function targets() {
    const legal = cur.legal;
    if (!legal) return [];
    if (!picks.length) {
      if (legal.kind === "adjustment" || legal.kind === "placement") return legal.builds.map((o) => o.to).concat(legal.units.map((u) => u.province));
      return legal.units.map((u) => u.province);
    }
    if (mode !== "move" && cur.legal.kind === "movement" && picks.length === 1) return pending().map((o) => o.of);
    return pending().map((o) => o.to || picks[0].province);
  }

  function write(order) {
    const box = cur.box;
    cur.typing = false;
    cur.undo.push(box.value);
    let lines = box.value.split("\n").filter((l) => l.trim() !== "");
    const unit = picks[0] && picks[0].unit;
    if (unit && order.kind !== "build") {
      const mine = (l) => l.trim().toLowerCase().startsWith(unit.toLowerCase() + " ");
      lines = lines.filter((l) => !mine(l));
    }
    lines.push(order.text);
    box.value = lines.join("\n");
    box.dispatchEvent(new Event("input"));
    reset("Written: " + order.text);
  }
  // One order, or a choice among several (coasts, kinds of unit).
  function choose(options) {
    if (options.length === 1) return write(options[0]);
    choices.replaceChildren();
    say.textContent = "Which one?";
    for (const o of options) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = o.text;
      b.addEventListener("click", () => write(o));
      choices.append(b);
    }
  }

  function clicked(province) {
    const legal = cur.legal;
    if (!legal) return;
    const unitHere = legal.units.find((u) => u.province === province);
    if (legal.kind === "adjustment" || legal.kind === "placement") {
      picks = unitHere ? [unitHere] : [];
      const options = unitHere ? unitHere.orders : legal.builds.filter((o) => o.to === province);
      if (options.length) choose(options);
      else reset("Nothing to order there.");
      return;
    }
    if (!picks.length) {
      if (!unitHere) return reset("That is not one of your units. " + prompt());
      picks = [unitHere];
      highlight();
      say.textContent = legal.kind === "retreat" || mode === "move" ? "Now click where it goes." : mode === "support" ? "Now click the unit it supports." : "Now click the army it convoys.";
      return;
    }
    if (mode !== "move" && legal.kind === "movement" && picks.length === 1) {
      if (!pending().some((o) => o.of === province)) return reset("It cannot " + mode + " that. " + prompt());
      picks.push(province);
      highlight();
      say.textContent = "Now click where that unit goes (its own province: to hold).";
      return;
    }
    const options = pending().filter((o) => (o.to || picks[0].province) === province);
    if (province === picks[0].province && mode === "move") {
      const stay = pending().filter((o) => o.kind === "hold" || o.kind === "disband");
      if (stay.length) return choose(stay);
    }
    if (options.length) choose(options);
    else reset("Not there. " + prompt());
  }
  holder.addEventListener("click", (e) => {
    if (dragged) {
      dragged = false;
      return;
    }
    const region = e.target.closest("[data-province]");
    if (region) clicked(region.dataset.province);
  });

  // The chosen power's box drawn on the map, each time it changes.
  let drawing = 0;
  let timer;
  async function draw() {
    const ticket = ++drawing;
    const resp = await fetch(cur.form.dataset.draft, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ orders: cur.box.value, phase_index: Number(cur.form.elements.phase_index.value) }),
    });
    if (!resp.ok || ticket !== drawing) return;
    const svg = new DOMParser().parseFromString(await resp.text(), "image/svg+xml").documentElement;
    if (svg.nodeName !== "svg") return;
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", figure.querySelector("img")?.alt || "The map");
    // The frame keeps the map's proportions: zoomed, the map scrolls
    // inside it both ways.
    const box = svg.getAttribute("viewBox")?.split(/[\s,]+/).map(Number);
    if (box && box[2] > 0 && box[3] > 0) holder.style.aspectRatio = box[2] + " / " + box[3];
    const [left, top] = [holder.scrollLeft, holder.scrollTop];
    holder.replaceChildren(document.importNode(svg, true));
    figure.classList.add("live");
    holder.querySelector("svg").style.width = 100 * zoom + "%";
    [holder.scrollLeft, holder.scrollTop] = [left, top];
    highlight();
  }

  // The map orders for power `p`: its legal orders, its box drawn.
  async function choosePower(p) {
    cur = p;
    for (const q of powers) q.button?.setAttribute("aria-pressed", String(q === p));
    if (!p.legal) {
      const r = await fetch(p.form.dataset.legal);
      p.legal = r.ok ? await r.json() : null;
      if (cur !== p) return;
    }
    tools.dataset.kind = p.legal ? p.legal.kind : "";
    setMode("move");
    draw();
  }

  for (const p of powers) {
    p.box.addEventListener("input", (e) => {
      if (e.isTrusted && !p.typing) {
        p.undo.push(p.before);
        p.typing = true;
      }
      p.before = p.box.value;
      if (p !== cur) return choosePower(p);
      clearTimeout(timer);
      timer = setTimeout(draw, 300);
    });
  }
  choosePower(cur);
}
startMap();
document.addEventListener("polemarch:swapped", startMap);
