// Discs on pegs. DATA: { pegs, start: [[size, ...] bottom up, ...], moves: {list: [f, t, ...]}
// or {tower: {discs, from, to}} }. Each disc keeps its identity (a div) through the moves.
const PEGS = DATA.pegs;
const discs = []; // { size, peg }, in start order
DATA.start.forEach((peg, p) => peg.forEach((size) => discs.push({ size: size, peg: p })));
const maxSize = Math.max(1, ...discs.map((d) => d.size));
const list = DATA.moves.list || null;
const tower = DATA.moves.tower || null;
const TOTAL = list ? list.length / 2 : Math.pow(2, tower.discs) - 1;

// Stacks (disc indices, bottom up) after `k` moves.
let stacksAt;
let movedAt; // the disc index moved by move k (1-based)
if (list) {
  // Snapshots every 1024 moves, so that any step is at most 1023 moves of replay away.
  const initial = [];
  for (let p = 0; p < PEGS; p++) initial.push([]);
  discs.forEach((d, i) => initial[d.peg].push(i));
  const snapshots = [initial.map((s) => s.slice())];
  const moving = [];
  let current = initial.map((s) => s.slice());
  for (let k = 1; k <= TOTAL; k++) {
    const disc = current[list[2 * k - 2]].pop();
    current[list[2 * k - 1]].push(disc);
    moving.push(disc);
    if (k % 1024 === 0) snapshots.push(current.map((s) => s.slice()));
  }
  stacksAt = (k) => {
    const base = Math.floor(k / 1024);
    const stacks = snapshots[base].map((s) => s.slice());
    for (let m = base * 1024 + 1; m <= k; m++) stacks[list[2 * m - 1]].push(stacks[list[2 * m - 2]].pop());
    return stacks;
  };
  movedAt = (k) => moving[k - 1];
} else {
  // The closed form: disc d (0 the smallest) has moved floor((k + 2^d) / 2^(d+1)) times, always
  // around the same cycle of pegs. Discs are in start order, the largest (index 0) first.
  const n = tower.discs;
  const spare = 3 - tower.from - tower.to;
  stacksAt = (k) => {
    const stacks = [[], [], []];
    for (let i = 0; i < n; i++) {
      const d = n - 1 - i;
      const moves = Math.floor((k + Math.pow(2, d)) / Math.pow(2, d + 1));
      const cycle = (n - d) % 2 === 1 ? [tower.from, tower.to, spare] : [tower.from, spare, tower.to];
      stacks[cycle[moves % 3]].push(i);
    }
    return stacks;
  };
  movedAt = (k) => {
    let d = 0;
    while ((k / Math.pow(2, d)) % 2 === 0) d++;
    return n - 1 - d;
  };
}

const stage = document.getElementById("stage");
const pegWidth = Math.max(90, Math.min(24 * maxSize + 24, Math.floor(880 / PEGS)));
const discHeight = 16;
const height = discHeight * (discs.length + 3) + 20;
stage.style.width = (PEGS * pegWidth + 20) + "px";
stage.style.height = height + "px";
const base = document.createElement("div");
base.className = "base";
base.style.left = "10px";
base.style.width = (PEGS * pegWidth) + "px";
base.style.bottom = "10px";
stage.appendChild(base);
for (let p = 0; p < PEGS; p++) {
  const peg = document.createElement("div");
  peg.className = "peg";
  peg.style.left = (10 + p * pegWidth + pegWidth / 2 - 4) + "px";
  peg.style.bottom = "18px";
  peg.style.height = (discHeight * (discs.length + 1)) + "px";
  stage.appendChild(peg);
}
const elements = discs.map((d) => {
  const element = document.createElement("div");
  element.className = "disc";
  const width = 16 + (pegWidth - 32) * d.size / maxSize;
  element.style.width = width + "px";
  element.style.background = "hsl(" + Math.round(300 * (d.size - 1) / Math.max(1, maxSize - 1)) + ", 70%, 60%)";
  element.dataset.width = width;
  stage.appendChild(element);
  return element;
});

function place(stacks) {
  stacks.forEach((stack, p) => stack.forEach((i, level) => {
    const element = elements[i];
    element.style.left = (10 + p * pegWidth + pegWidth / 2 - element.dataset.width / 2) + "px";
    element.style.bottom = (18 + level * discHeight) + "px";
  }));
}

let lifted = null;
function show(k, animate) {
  const stacks = stacksAt(k);
  elements.forEach((e) => e.classList.remove("moving"));
  if (animate && k > 0) {
    // Lift the moving disc above the pegs, carry it across, set it down.
    const i = movedAt(k);
    const element = elements[i];
    element.classList.add("moving");
    place(stacksAt(k - 1));
    element.style.bottom = (discHeight * (discs.length + 1) + 20) + "px";
    clearTimeout(lifted);
    lifted = setTimeout(() => place(stacks), period() * 0.35);
  } else {
    clearTimeout(lifted);
    place(stacks);
    if (k > 0) elements[movedAt(k)].classList.add("moving");
  }
}

// Each peg's disc sizes from the bottom up, pegs separated by "|".
function config(k) {
  return stacksAt(k).map((stack) => stack.map((i) => discs[i].size).join(",")).join("|");
}
