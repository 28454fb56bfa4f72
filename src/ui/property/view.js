// The property games in the web view: the board as a ring of squares (a list at a phone's
// width), the players' cash and deeds, the bank. This family's part of the page (src/web/page.html has the helpers: el, svg,
// dot, colourOf, PLAYER_COLOURS); it sets VIEWS.property.
const GROUP_COLOURS = { "brown": "#8b4513", "light-blue": "#9ad0f5", "pink": "#d63384", "orange": "#f39c12",
  "red": "#d62828", "yellow": "#f1c40f", "green": "#1e8449", "dark-blue": "#1f3a93", "blue": "#1f3a93",
  "stations": "#444", "utilities": "#95a5a6" };
const SPARE = ["#6c5ce7", "#00b894", "#e17055", "#0984e3", "#fdcb6e", "#e84393", "#2d3436", "#55efc4", "#fab1a0", "#636e72"];
function property(v) {
  const s = v.state, board = v.board.squares, n = board.length, side = Math.ceil(n / 4);
  const groups = {};
  v.board.groups.forEach((g, i) => { groups[g.id] = GROUP_COLOURS[g.id] || SPARE[i % SPARE.length]; });
  const owned = {}; for (const q of s.squares) owned[q.index] = q;
  const at = {}; s.players.forEach((p, i) => { if (!p.bankrupt) (at[p.position] = at[p.position] || []).push(i); });
  const ring = el("div", { class: "ring", style: { gridTemplateColumns: `repeat(${side + 1}, 1fr)`, gridTemplateRows: `repeat(${side + 1}, 1fr)` } });
  board.forEach((q, i) => {
    let row, col;
    if (i <= side) { row = side; col = side - i; }
    else if (i <= 2 * side) { col = 0; row = side - (i - side); }
    else if (i <= 3 * side) { row = 0; col = i - 2 * side; }
    else { col = side; row = i - 3 * side; }
    const o = owned[i];
    const cls = ["sq"];
    if (o && o.owner) cls.push("owned");
    if (o && o.mortgaged) cls.push("mortgaged");
    const b = o ? o.buildings : 0;
    const cell = el("div", { class: cls.join(" "), title: q.name + (q.price ? ` (${q.price})` : ""),
      style: { gridRow: row + 1, gridColumn: col + 1, borderColor: o && o.owner ? colourOf(v, o.owner) : "" } },
      el("div", { class: "band", style: { background: q.group ? groups[q.group] : "transparent" } }),
      // A name with a long word in a smaller type, so the word fits its square whole.
      el("span", { class: Math.max(...q.name.split(/\s+/).map((w) => w.length)) >= 10 ? "nm long" : "nm" }, q.name),
      b ? el("span", { class: "bld" }, b >= 5 ? "hotel" : "⌂".repeat(b)) : null,
      o && o.mortgaged ? el("span", { class: "bld" }, " M") : null,
      el("span", { class: "toks" }, (at[i] || []).map((p) => el("span", { style: { background: PLAYER_COLOURS[p % 8] }, title: s.players[p].name }))));
    ring.append(cell);
  });
  // A phone's width: the same squares as a list, each name whole (the ring is for wider
  // screens; page.html shows one or the other).
  const list = el("ol", { class: "sqlist" }, board.map((q, i) => {
    const o = owned[i];
    const b = o ? o.buildings : 0;
    const owner = o && o.owner ? s.players.findIndex((p) => p.name === o.owner) : -1;
    return el("li", { class: o && o.mortgaged ? "mortgaged" : "" },
      el("span", { class: "band", style: { background: q.group ? groups[q.group] : "transparent" } }),
      el("span", { class: "nm" }, q.name),
      el("span", { class: "own" }, owner >= 0 ? [dot(PLAYER_COLOURS[owner % 8]), o.owner] : (q.price ? `${q.price}` : ""),
        b ? ` ${b >= 5 ? "hotel" : "⌂".repeat(b)}` : "", o && o.mortgaged ? " (mortgaged)" : ""),
      el("span", { class: "toks" }, (at[i] || []).map((p) => el("span", { style: { background: PLAYER_COLOURS[p % 8] }, title: s.players[p].name }))));
  }));
  // A kept card ("chance:get-out-of-jail") as a player says it: "Get out of jail (chance)".
  const cardWords = (id) => {
    const [deck, card] = id.includes(":") ? id.split(":") : ["", id];
    const words = card.replace(/-/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1) + (deck ? ` (${deck})` : "");
  };
  // What the game waits for, in the table's words (never the protocol's "decision: ...").
  ring.append(el("div", { class: "centre" }, el("div", {}, el("b", {}, v.ruleset), el("br"),
    `Bank: ${s.bank.houses} houses, ${s.bank.hotels} hotels`, el("br"),
    s.turn && s.turn.last_roll ? `Last roll: ${s.turn.last_roll.join(" + ")}` : "", el("br"), waitingWords(v))));
  const rows = s.players.map((p, i) => {
    const deeds = s.squares.filter((q) => q.owner === p.name);
    return el("tr", {}, el("td", {}, dot(PLAYER_COLOURS[i % 8]), p.name, p.name === s.current ? " ◀" : ""),
      el("td", { class: "num" }, p.bankrupt ? "out" : p.cash),
      el("td", {}, deeds.map((q) => el("span", { class: "pill", style: { borderColor: groups[(board[q.index] || {}).group] || "" } },
        q.name + (q.buildings ? (q.buildings >= 5 ? " (hotel)" : ` (${q.buildings}⌂)`) : "") + (q.mortgaged ? " (mortgaged)" : "")))),
      el("td", {}, [p.status !== undefined ? `status ${p.status}` : "", p.jailed ? "in jail" : "",
        p.cards.length ? `cards: ${p.cards.map(cardWords).join("; ")}` : ""].filter(Boolean).join("; ")));
  });
  return [el("section", {}, el("h2", {}, "Board"), ring, list),
    el("section", {}, el("h2", {}, "Players"), el("table", {}, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "Cash"), el("th", {}, "Deeds"), el("th", {}, "")), rows))];
}
VIEWS.property = property;
// What changes the bank's or the players' holdings for good asks first on the phone.
CONFIRM.property = new Set(["mortgage", "unmortgage", "sell", "build", "concede"]);

// A phone's own part: a deal offered to another player, which waits until that player
// accepts it on their phone. What is being written survives the view's redraws.
const dealDraft = { open: false, to: "", give: new Set(), get: new Set(), giveCash: 0, getCash: 0 };
function dealForm(v) {
  const s = v.state, board = v.board.squares;
  const me = s.players[seat.seat];
  if (!me || me.bankrupt || v.over) return [];
  const others = s.players.filter((p, i) => i !== seat.seat && !p.bankrupt).map((p) => p.name);
  if (!others.length) return [];
  if (!others.includes(dealDraft.to)) { dealDraft.to = others[0]; dealDraft.give.clear(); dealDraft.get.clear(); }
  const deeds = (owner) => s.squares.filter((q) => q.owner === owner).map((q) => board[q.index]);
  const ticks = (owner, chosen, cls) => el("div", { class: cls }, deeds(owner).map((q) => {
    const box = el("input", { type: "checkbox", value: q.id });
    box.checked = chosen.has(q.id);
    box.addEventListener("change", () => { if (box.checked) chosen.add(q.id); else chosen.delete(q.id); });
    return el("label", { style: { display: "block" } }, box, " ", q.name);
  }));
  const cash = (key) => {
    const i = el("input", { type: "number", min: "0", step: "1", class: key, style: { width: "7em" } });
    i.value = String(dealDraft[key]);
    i.addEventListener("input", () => { dealDraft[key] = Math.max(0, Math.floor(Number(i.value) || 0)); });
    return i;
  };
  const to = el("select", { class: "deal-to" }, others.map((n) => { const o = el("option", { value: n }, n); o.selected = n === dealDraft.to; return o; }));
  to.addEventListener("change", () => { dealDraft.to = to.value; dealDraft.get.clear(); drawMine(last); });
  const offer = el("button", { class: "main deal-offer" }, "Offer the deal");
  offer.addEventListener("click", () => {
    const side = (ids, money) => [...ids, ...(money > 0 ? [`$${money}`] : [])].join(" ") || "nothing";
    choose(`trade ${me.name} ${dealDraft.to} ${side(dealDraft.give, dealDraft.giveCash)} for ${side(dealDraft.get, dealDraft.getCash)}`, offer);
  });
  const box = el("details", { class: "deal" }, el("summary", {}, "Offer a deal"),
    el("p", {}, "To ", to),
    el("p", { class: "muted" }, "You give:"), ticks(me.name, dealDraft.give, "deal-give"), el("p", {}, "and cash ", cash("giveCash")),
    el("p", { class: "muted" }, `You get from ${dealDraft.to}:`), ticks(dealDraft.to, dealDraft.get, "deal-get"), el("p", {}, "and cash ", cash("getCash")),
    offer);
  box.open = dealDraft.open;
  box.addEventListener("toggle", () => { dealDraft.open = box.open; });
  return [box];
}
MINE.property = dealForm;
