// The clickable map: orders by clicking the map, over the orders box.
// The box stays the one source of truth: every click writes a line into
// it, and whatever the box holds (typed or clicked) is drawn on the map by
// the server's own renderer as pending orders, live. What may be ordered
// comes from the judge (the legal-orders endpoint): this script matches
// clicks against that list and knows no rule of the game.
// Without JavaScript the page works the same, orders typed.
// Started again when live.js swaps in the map and the orders (a phase
// processed while the page is open).
function startMap() {
  const form = document.querySelector("form[data-legal]");
  const figure = document.querySelector("figure.map");
  if (form && figure && !figure.dataset.started) {
    figure.dataset.started = "1";
    // The tools made for the map this one replaces go with it.
    for (const old of document.querySelectorAll(".map-tools, .map-say, .map-choices")) old.remove();
    const box = form.elements.orders;
    const phaseIndex = () => Number(form.elements.phase_index.value);
    let legal = null;
    let mode = "move";
    let picks = [];
    // Undo steps: the box before each click's order, and before each run of
    // typing (so that Undo takes back a typed line too).
    const undo = [];
    let typing = false;
    let before = box.value;
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
      if (undo.length) {
        typing = false;
        box.value = undo.pop();
        box.dispatchEvent(new Event("input"));
        reset("Undone.");
      }
    }).className = "undo";
    button("WAIVE", "Waive a build", () => write({ text: "WAIVE", kind: "waive" })).className = "waive";
    button("+", "Zoom in", () => setZoom(zoom * 1.5)).className = "zoom-in";
    button("−", "Zoom out", () => setZoom(zoom / 1.5)).className = "zoom-out";
    const holder = document.createElement("div");
    holder.className = "map-holder";
    figure.before(tools, say, choices);
    figure.prepend(holder);

    function setZoom(z) {
      zoom = Math.min(6, Math.max(1, z));
      const svg = holder.querySelector("svg");
      if (svg) svg.style.width = 100 * zoom + "%";
    }
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
      if (!legal) return "";
      if (legal.kind === "adjustment" || legal.kind === "placement") return "Click a lit province to build there, or one of your units to remove it.";
      if (legal.kind === "retreat") return "Click a dislodged unit, then where it retreats (the unit again: it disbands).";
      return { move: "Click one of your units.", support: "Click the unit that supports.", convoy: "Click the fleet that convoys." }[mode];
    }

    // The orders of the unit picked that the next click may complete.
    function pending() {
      const unit = picks[0];
      if (!unit) return [];
      if (legal.kind === "retreat") return unit.orders.filter((o) => o.kind === "retreat" || o.kind === "disband");
      if (mode === "move") return unit.orders.filter((o) => o.kind === "move" || o.kind === "hold");
      return unit.orders.filter((o) => o.kind === mode && (picks.length < 2 || o.of === picks[1]));
    }
    function targets() {
      if (!legal) return [];
      if (!picks.length) {
        if (legal.kind === "adjustment" || legal.kind === "placement") return legal.builds.map((o) => o.to).concat(legal.units.map((u) => u.province));
        return legal.units.map((u) => u.province);
      }
      if (mode !== "move" && legal.kind === "movement" && picks.length === 1) return pending().map((o) => o.of);
      return pending().map((o) => o.to || picks[0].province);
    }

    function write(order) {
      typing = false;
      undo.push(box.value);
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
      const region = e.target.closest("[data-province]");
      if (region) clicked(region.dataset.province);
    });

    // The box drawn on the map, each time it changes.
    let drawing = 0;
    let timer;
    async function draw() {
      const ticket = ++drawing;
      const resp = await fetch(form.dataset.draft, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ orders: box.value, phase_index: phaseIndex() }),
      });
      if (!resp.ok || ticket !== drawing) return;
      const svg = new DOMParser().parseFromString(await resp.text(), "image/svg+xml").documentElement;
      if (svg.nodeName !== "svg") return;
      svg.removeAttribute("height");
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", figure.querySelector("img")?.alt || "The map");
      holder.replaceChildren(document.importNode(svg, true));
      figure.classList.add("live");
      setZoom(zoom);
      highlight();
    }
    box.addEventListener("input", (e) => {
      if (e.isTrusted && !typing) {
        undo.push(before);
        typing = true;
      }
      before = box.value;
      clearTimeout(timer);
      timer = setTimeout(draw, 300);
    });

    fetch(form.dataset.legal)
      .then((r) => (r.ok ? r.json() : null))
      .then((answer) => {
        legal = answer;
        if (!legal) return;
        tools.dataset.kind = legal.kind;
        setMode("move");
        draw();
      });
  }
}
startMap();
document.addEventListener("polemarch:swapped", startMap);
