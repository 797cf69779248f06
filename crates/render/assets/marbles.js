// A marble board. DATA: { rows, cols, cells: "#.O..." row by row, red, blue (cells),
// tilts: [{dir, red, blue}] (a cell, or null once fallen) or null when red cannot escape }.
const tilts = DATA.tilts || [];
const TOTAL = tilts.length;
const size = Math.max(6, Math.min(40, Math.floor(720 / Math.max(DATA.rows, DATA.cols))));
const stage = document.getElementById("stage");
stage.style.width = (DATA.cols * size) + "px";
stage.style.height = (DATA.rows * size) + "px";
let hole = 0;
for (let index = 0; index < DATA.rows * DATA.cols; index++) {
  const kind = DATA.cells[index];
  if (kind === "O") hole = index;
  if (kind !== "#" && kind !== "O") continue;
  const cell = document.createElement("div");
  cell.className = "cell " + (kind === "#" ? "wall" : "hole");
  cell.style.left = ((index % DATA.cols) * size) + "px";
  cell.style.top = (Math.floor(index / DATA.cols) * size) + "px";
  cell.style.width = size + "px";
  cell.style.height = size + "px";
  stage.appendChild(cell);
}
function marble(colour) {
  const element = document.createElement("div");
  element.className = "marble " + colour;
  element.style.width = (size * 0.8) + "px";
  element.style.height = (size * 0.8) + "px";
  stage.appendChild(element);
  return element;
}
const redEl = marble("red");
const blueEl = marble("blue");

function positionsAt(k) {
  return k === 0 ? { red: DATA.red, blue: DATA.blue } : { red: tilts[k - 1].red, blue: tilts[k - 1].blue };
}

function put(element, cell) {
  // A fallen marble rolls into the hole and fades out.
  const at = cell === null ? hole : cell;
  element.style.left = ((at % DATA.cols) * size + size * 0.1) + "px";
  element.style.top = (Math.floor(at / DATA.cols) * size + size * 0.1) + "px";
  element.style.opacity = cell === null ? "0" : "1";
}

function show(k) {
  // Each marble moves in a straight line along the tilt's row or column, so a CSS transition
  // from its previous cell rolls it cell by cell.
  const now = positionsAt(k);
  put(redEl, now.red);
  put(blueEl, now.blue);
  const note = DATA.tilts === null
    ? "Red cannot escape through the hole without blue."
    : (k > 0 ? "tilt " + tilts[k - 1].dir + (k === TOTAL ? ": red escapes" : "") : "start");
  document.getElementById("note").textContent = note;
}

// "R<cell> B<cell>", a fallen marble "out".
function config(k) {
  const now = positionsAt(k);
  const at = (cell) => (cell === null ? "out" : String(cell));
  return "R" + at(now.red) + " B" + at(now.blue);
}
