// The table of one seat. The server sends this seat's screen (canasta/web/screen.py) over a
// WebSocket whenever it changes; this script draws it and sends back the moves the player
// makes, as move data ({"kind": "meld", "cards": ["8D", "8H", "JK"]}). It knows no rules:
// the server says which moves are legal and refuses the others with a rule ID.
"use strict";

const token = decodeURIComponent(location.hash.slice(1));
const $ = (id) => document.getElementById(id);
let screen = null; // the last screen received
let selected = []; // indices into screen.hand
let socket = null;
let retry = 1000;
let lastSeen = 0; // the newest log line shown in the status line

// el("div", {class: "x"}, child, ...): an element with attributes and children (text or
// elements); text is always set as text, never parsed as HTML.
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name === "onclick") node.addEventListener("click", value);
    else if (value !== null && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// Put these children (null ones left out) in place of the node's.
function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined));
}

function cardFace(card, attributes) {
  const classes = ["card", card.red ? "red" : "black", card.wild ? "wild" : "", card.rank === "JK" ? "joker" : ""];
  const label = card.rank === "JK" ? "joker" : card.rank + card.suit;
  return el(attributes.tag || "span", {
    class: classes.join(" ").trim() + (attributes.class ? " " + attributes.class : ""),
    "data-card": card.text, title: label, "aria-label": label,
    ...(attributes.extra || {}),
  }, el("span", {class: "rank"}, card.rank === "JK" ? "★" : card.rank), el("span", {class: "suit"}, card.suit));
}

function cardRow(cards, cls) {
  return el("span", {class: "cards " + (cls || "")}, cards.map((card) => cardFace(card, {})));
}

// --- talking to the server ------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/live`);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({token}));
    retry = 1000;
    $("connection").textContent = "";
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (!$("nolink").hidden) return;
    $("connection").textContent = "connection lost: trying again…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

function receive(message) {
  if (message.type === "error") {
    $("table").hidden = true;
    $("nolink").hidden = false;
    $("connection").textContent = "";
  } else if (message.type === "refused") {
    showRefusal(message);
  } else if (message.type === "state") {
    const sameHand = screen && JSON.stringify(screen.hand) === JSON.stringify(message.hand);
    if (!sameHand) selected = [];
    screen = message;
    draw();
  }
}

function send(move) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showRefusal({reason: "not connected to the server: wait a moment and try again"});
    return;
  }
  $("refusal").hidden = true;
  socket.send(JSON.stringify({type: "move", move, version: screen.version}));
}

function showRefusal(message) {
  const box = $("refusal");
  fill(box,
    el("strong", {}, "Not allowed: "), message.reason || "refused",
    message.rule ? el("span", {class: "rule"}, " (rule ",
      el("a", {href: message.url, target: "_blank", rel: "noopener", class: "rule-link"}, message.rule),
      ")") : null,
    el("button", {class: "close", "aria-label": "close", onclick: () => { box.hidden = true; }}, "×"),
  );
  box.hidden = false;
}

// --- drawing the screen ---------------------------------------------------------------------

function draw() {
  $("nolink").hidden = true;
  $("table").hidden = false;
  const s = screen;
  $("title").textContent = `${s.rules.name}, ${s.rules.players} players · deal ${s.deal}, turn ${s.turn}`;
  document.title = `Canasta: ${s.status}`;
  // For scripts that drive the page (the browser test): which screen this is.
  Object.assign(document.body.dataset, {version: s.version, phase: s.phase, yourTurn: s.to_move === s.you});
  drawStatus();
  drawDealEnd();
  fill($("sides"), ...s.sides.map(drawSide));
  drawMiddle();
  drawHand();
  drawMoves();
  drawLog();
  drawResults();
}

function drawStatus() {
  const s = screen;
  const last = s.log.length ? s.log[s.log.length - 1] : null;
  const fresh = last && s.version !== lastSeen;
  lastSeen = s.version;
  fill($("status"),
    el("p", {class: "now" + (s.to_move === s.you ? " yours" : "")}, s.status),
    last ? el("p", {class: "last" + (fresh ? " fresh" : ""), id: "last-move"}, `${last.name}: ${last.words}`) : null,
  );
}

function drawSide(side) {
  const s = screen;
  const who = side.players.map((p) => (p === s.you ? "you" : `player ${p}`)).join(", ");
  const melds = side.melds.map((meld) => el("li", {class: "meld" + (meld.canasta ? " canasta" : "")},
    el("span", {class: "meld-name"}, `#${meld.number} ${meld.label}`),
    cardRow(meld.cards, "small"),
    el("span", {class: "meld-info"}, meld.canasta
      ? `${meld.canasta}: ${meld.points} + ${meld.bonus} points`
      : `${meld.size} cards, ${meld.to_canasta} to a canasta`)));
  return el("div", {class: "side" + (side.yours ? " yours" : "")},
    el("h2", {}, `Side ${side.side} (${who}${side.role ? ", " + side.role : ""}): ${side.score}`),
    el("p", {class: "facts"}, side.melded ? "has melded" : `first melds need ${side.minimum} points`,
      side.red_threes.length ? " · red threes " : "", side.red_threes.length ? cardRow(side.red_threes, "small") : null),
    melds.length ? el("ol", {class: "melds"}, melds) : el("p", {class: "empty"}, "no melds yet"));
}

function drawMiddle() {
  const s = screen;
  const pile = s.pile;
  const top = pile.top ? cardFace(pile.top, {class: "big"}) : el("span", {class: "card empty big"}, "–");
  const frozen = pile.frozen ? "frozen" : pile.frozen_for_you ? "frozen for your side" : "not frozen";
  const players = s.players.filter((p) => !p.sits_out).map((p) => el("li", {class: "player" + (p.to_move ? " to-move" : "") + (p.you ? " you" : "")},
    el("strong", {}, p.name), p.you ? ": " : ` (${p.kind}${p.partner ? ", partner" : ""}): `,
    `${p.cards} card${p.cards === 1 ? "" : "s"}`,
    p.known.length ? el("span", {class: "known"}, " · known: ", cardRow(p.known, "small")) : null));
  fill($("middle"),
    el("div", {class: "stock"}, el("span", {class: "card back big"}, ""), el("span", {}, `stock: ${s.stock}`)),
    el("div", {class: "pile", id: "pile"}, top,
      el("span", {}, `pile: ${pile.size} card${pile.size === 1 ? "" : "s"}, ${frozen}`),
      pile.why ? el("span", {class: "why"}, pile.why) : null),
    el("ul", {class: "players"}, players));
}

function drawHand() {
  const s = screen;
  const hand = s.hand.map((card, index) => cardFace(card, {
    tag: "button",
    class: selected.includes(index) ? "selected" : "",
    extra: {type: "button", "aria-pressed": selected.includes(index) ? "true" : "false", onclick: () => toggle(index)},
  }));
  fill($("notes"), ...s.notes.map((note) => el("p", {}, note)));
  fill($("hand"), el("h2", {}, `Your hand: ${s.hand.length} cards, ${s.hand_points} points`), el("div", {class: "hand-cards"}, hand));
  fill($("actions"), ...actionButtons());
}

function toggle(index) {
  selected = selected.includes(index) ? selected.filter((i) => i !== index) : [...selected, index];
  drawHand();
}

function actionButtons() {
  const s = screen;
  if (s.to_move !== s.you || s.phase === "over") return [];
  const cards = selected.map((i) => s.hand[i].text);
  const button = (text, move, enabled, name) => el("button", {type: "button", class: "action", "data-action": name, disabled: !enabled, onclick: () => send(move)}, text);
  if (s.phase === "draw") {
    return [
      button("Draw", {kind: "draw"}, true, "draw"),
      button(cards.length ? `Take the pile with ${cards.length} selected` : "Take the pile", cards.length ? {kind: "take", cards} : {kind: "take"}, true, "take"),
    ];
  }
  if (s.phase !== "meld") return [];
  const mine = s.sides.find((side) => side.yours);
  return [
    button("Meld", {kind: "meld", cards}, cards.length > 0, "meld"),
    ...mine.melds.map((meld) => button(`Add to #${meld.number} (${meld.label})`, {kind: "add", ...meld.target, cards}, cards.length > 0, `add-${meld.number}`)),
    button("Discard", {kind: "discard", card: cards[0]}, cards.length === 1, "discard"),
    el("button", {type: "button", class: "action quiet", disabled: !cards.length, onclick: () => { selected = []; drawHand(); }}, "Clear"),
  ];
}

const KIND_NAMES = {draw: "Draw", take: "Take the pile", meld: "Meld", add: "Add to a meld", merge: "Merge",
  discard: "Discard", ask: "Ask", answer: "Answer", pass: "Pass", next: "Next deal"};

function drawMoves() {
  const s = screen;
  const groups = {};
  for (const move of s.legal) (groups[move.kind] = groups[move.kind] || []).push(move);
  const parts = Object.entries(groups).map(([kind, moves]) => el("details", {open: moves.length <= 8 || null},
    el("summary", {}, `${KIND_NAMES[kind] || kind} (${moves.length})`),
    el("div", {class: "move-list"}, moves.map((move) => el("button", {type: "button", class: "move", "data-move": move.text, onclick: () => send(move.data)}, move.words)))));
  const none = el("p", {class: "empty"}, s.over ? "The match is over." : "None now: it is not your move.");
  fill($("moves"), el("h2", {}, "Your legal moves"), ...(parts.length ? parts : [none]));
}

function drawLog() {
  const lines = screen.log.slice().reverse().map((line, index) => el("li", {class: index === 0 ? "newest" : ""}, el("strong", {}, `${line.name}: `), line.words));
  fill($("log"), el("h2", {}, "This deal so far"), lines.length ? el("ol", {reversed: true}, lines) : el("p", {class: "empty"}, "No moves yet."));
}

function drawResults() {
  const s = screen;
  const head = el("tr", {}, el("th", {}, "deal"), s.sides.map((side) => el("th", {}, `side ${side.side}`)));
  const rows = s.results.map((r) => el("tr", {}, el("td", {}, String(r.deal)), r.totals.map((t) => el("td", {}, String(t)))));
  const total = el("tr", {class: "total"}, el("td", {}, "total"), s.sides.map((side) => el("td", {}, String(side.score))));
  fill($("results"), el("h2", {}, `Scores (to ${s.rules.target})`), el("table", {}, el("thead", {}, head), el("tbody", {}, rows, total)));
}

function drawDealEnd() {
  const end = screen.deal_end;
  const box = $("deal-end");
  box.hidden = !end;
  $("mine").hidden = Boolean(end);
  if (!end) return;
  const hands = end.hands.map((hand) => el("li", {}, el("strong", {}, `${hand.name}: `),
    hand.cards.length ? cardRow(hand.cards, "small") : "no cards", ` (${hand.points} points)`));
  const columns = ["side", "melds", "canastas", "red threes", "going out", "in hand", "deal", "total"];
  const rows = end.scores.map((row) => el("tr", {}, [
    `${row.side} (${row.players.map((p) => (p === screen.you ? "you" : p)).join(", ")})`,
    row.meld_points, row.canasta_bonus, row.red_threes, row.going_out, row.hand_penalty, row.total, row.score,
  ].map((value) => el("td", {}, String(value)))));
  fill(box,
    el("h2", {}, `Deal ${end.deal} is over. ${end.how}`),
    el("ul", {class: "hands"}, hands),
    el("table", {class: "breakdown"}, el("thead", {}, el("tr", {}, columns.map((c) => el("th", {}, c)))), el("tbody", {}, rows)),
    screen.over ? el("p", {class: "over"}, screen.over.text, " ", el("a", {href: "/"}, "Start a new game"))
      : el("button", {type: "button", class: "primary", id: "next-deal", onclick: () => send({kind: "next"})}, "Next deal"),
  );
}

if (token) connect();
else { $("nolink").hidden = false; $("connection").textContent = ""; }
