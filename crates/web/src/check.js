// Orders checked as they are typed: each line's verdict under the box,
// from the API's check (nothing is kept until the form is submitted).
// Without JavaScript the form works the same, verdicts after submitting.
// Listens on the document, not on each box: a box that live.js swaps in
// (a phase processed while the page is open) is checked the same.
(function () {
  "use strict";
  const timers = new WeakMap();

  async function check(box) {
    const resp = await fetch(box.dataset.check, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ orders: box.value, phase_index: Number(box.form.elements.phase_index.value) }),
    });
    const answer = await resp.json();
    const out = box.nextElementSibling;
    out.replaceChildren();
    const lines = resp.ok ? answer.verdicts : [{ word: "rejected", text: "", note: answer.error }];
    for (const line of lines) {
      const li = document.createElement("li");
      li.className = line.word;
      const word = document.createElement("b");
      word.textContent = line.word;
      li.append(word, " " + line.text + (line.note ? " — " + line.note : ""));
      out.append(li);
    }
  }

  document.addEventListener("input", (e) => {
    const box = e.target;
    if (!(box instanceof HTMLTextAreaElement) || !box.matches("textarea[data-check]")) return;
    clearTimeout(timers.get(box));
    timers.set(box, setTimeout(() => check(box), 500));
  });
})();
