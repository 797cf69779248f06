// A grid of coins. DATA: { rows, cols, tails: [0/1 per cell], flips: [{label, cells}] or null }.
const flips = DATA.flips || [];
const TOTAL = flips.length;
const size = 64;
const stage = document.getElementById("stage");
stage.style.width = (DATA.cols * size) + "px";
stage.style.height = (DATA.rows * size) + "px";
if (DATA.flips === null) {
  document.getElementById("note").textContent = "No sequence of flips makes every coin show the same face.";
}
const cells = DATA.tails.map((_, index) => {
  const cell = document.createElement("div");
  cell.className = "cell";
  cell.style.left = ((index % DATA.cols) * size) + "px";
  cell.style.top = (Math.floor(index / DATA.cols) * size) + "px";
  cell.style.width = size + "px";
  cell.style.height = size + "px";
  stage.appendChild(cell);
  return cell;
});

function facesAt(k) {
  const tails = DATA.tails.slice();
  for (let m = 0; m < k; m++) flips[m].cells.forEach((c) => { tails[c] = 1 - tails[c]; });
  return tails;
}

function show(k) {
  const tails = facesAt(k);
  const flipped = k > 0 ? flips[k - 1].cells : [];
  cells.forEach((cell, index) => {
    const face = tails[index] ? "T" : "H";
    cell.className = "cell coin-" + face + (flipped.includes(index) ? " flipped" : "");
    cell.textContent = face;
  });
  document.getElementById("note").textContent = DATA.flips === null
    ? "No sequence of flips makes every coin show the same face."
    : (k > 0 ? "flip " + flips[k - 1].label : "start");
}

// The faces row by row, rows separated by "/".
function config(k) {
  const tails = facesAt(k);
  const rows = [];
  for (let r = 0; r < DATA.rows; r++) {
    rows.push(tails.slice(r * DATA.cols, (r + 1) * DATA.cols).map((t) => (t ? "T" : "H")).join(""));
  }
  return rows.join("/");
}
