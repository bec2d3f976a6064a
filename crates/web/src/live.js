// Live pages: follows the page's event stream (server-sent events, one
// per open page; the browser reconnects by itself, sending the last event
// id, and the server replays what was missed, perhaps with some events
// again) and updates the parts of the
// page that changed, without a reload. A conversation's new messages are
// added to it as they come. Deadlines and message times are shown in the
// reader's local time, deadlines with a live countdown. Without JavaScript
// the pages work as they are (reload to see changes).
(function () {
  "use strict";

  function span(s) {
    if (s >= 86400) return Math.floor(s / 86400) + "d " + Math.floor((s % 86400) / 3600) + "h";
    if (s >= 3600) return Math.floor(s / 3600) + "h " + Math.floor((s % 3600) / 60) + "m";
    if (s >= 60) return Math.floor(s / 60) + "m " + (s % 60) + "s";
    return s + "s";
  }

  function local(secs) {
    return new Date(secs * 1000).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  }

  function clocks() {
    for (const t of document.querySelectorAll("time.deadline[data-at]")) {
      const at = Number(t.dataset.at);
      const left = Math.round(at - Date.now() / 1000);
      t.textContent = local(at) + (left > 0 ? " (in " + span(left) + ")" : " (passed)");
    }
    for (const t of document.querySelectorAll("time.sent[data-at]")) {
      if (!t.dataset.shown) {
        t.textContent = local(Number(t.dataset.at));
        t.dataset.shown = "1";
      }
    }
  }
  clocks();
  setInterval(clocks, 1000);

  const live = document.getElementById("live");
  if (!live || !window.EventSource) return;
  const parts = (live.dataset.parts || "").split(",").filter(Boolean);
  const phaseParts = (live.dataset.phaseParts || "").split(",").filter(Boolean);
  const conversation = document.querySelector("ol.messages[data-conversation]");

  // Fetches the page again and swaps in the parts named (a burst of
  // events makes one fetch).
  let timer = null;
  let wanted = new Set();
  function refresh(selectors) {
    selectors.forEach((s) => wanted.add(s));
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const now = Array.from(wanted);
      wanted = new Set();
      const resp = await fetch(location.href, { credentials: "same-origin" });
      if (!resp.ok) return;
      const doc = new DOMParser().parseFromString(await resp.text(), "text/html");
      for (const sel of now) {
        const mine = document.querySelectorAll(sel);
        const theirs = doc.querySelectorAll(sel);
        if (mine.length === theirs.length) {
          mine.forEach((el, i) => el.replaceWith(document.importNode(theirs[i], true)));
        }
      }
      clocks();
      // The page's other scripts start again on what was swapped in.
      document.dispatchEvent(new Event("polemarch:swapped"));
    }, 150);
  }

  // A message of this page's conversation, as the server writes it.
  function add(m) {
    if (conversation.querySelector('li[data-id="' + m.id + '"]')) return;
    const li = document.createElement("li");
    li.className = m.from === null ? "notice" : "message";
    li.dataset.id = m.id;
    const meta = document.createElement("p");
    meta.className = "meta";
    const from = document.createElement("strong");
    from.textContent = m.from === null ? "The judge" : m.from;
    const time = document.createElement("time");
    time.className = "sent";
    time.dataset.at = Math.floor(m.sent_at / 1000);
    meta.append(from, " · " + m.phase + " · ", time);
    const body = document.createElement("p");
    body.className = "body";
    body.textContent = m.body;
    li.append(meta, body);
    conversation.append(li);
    const none = document.querySelector("p.no-messages");
    if (none) none.remove();
    clocks();
  }

  // Each event's own id is in its data (`event`): one had already (the
  // stream, reconnecting, goes back to the last id below which it missed
  // nothing) is dropped.
  const had = new Set();
  function on(kind, act) {
    source.addEventListener(kind, (e) => {
      const data = JSON.parse(e.data);
      if (had.has(data.event)) return;
      had.add(data.event);
      if (had.size > 2000) had.delete(had.values().next().value);
      act(data);
    });
  }

  const source = new EventSource(live.dataset.events);
  on("message", (m) => {
    const key = m.public ? "*" : m.to.join("|");
    if (conversation && key === conversation.dataset.conversation) add(m);
    else refresh(parts);
  });
  on("phase", () => refresh(parts.concat(phaseParts)));
  for (const kind of ["ready", "status", "seats"]) {
    on(kind, () => refresh(parts));
  }

  // A page left for another may be kept whole by the browser (the
  // back-forward cache) with its stream open, and each open stream holds
  // one of the six connections a browser makes to a site: after six such
  // pages the next one waited until the browser dropped an old one (about
  // a minute). So the stream is closed when the page is left, and a page
  // brought back from that cache, which missed what happened meanwhile, is
  // loaded again.
  window.addEventListener("pagehide", () => source.close());
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) location.reload();
  });
})();
