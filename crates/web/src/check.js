// Orders checked as they are typed: each line's verdict under the box,
// from the API's check (nothing is kept until the form is submitted).
// Without JavaScript the form works the same, verdicts after submitting.
for (const box of document.querySelectorAll("textarea[data-check]")) {
  const out = box.nextElementSibling;
  let timer;
  box.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const resp = await fetch(box.dataset.check, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ orders: box.value, phase_index: Number(box.form.elements.phase_index.value) }),
      });
      const answer = await resp.json();
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
    }, 500);
  });
}
