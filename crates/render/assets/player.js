// The player shared by every page. The scene script above defines TOTAL (the number of moves),
// show(step, animate) (draw the configuration after `step` moves) and config(step) (that
// configuration as text, for #state).
const slider = document.getElementById("slider");
const counter = document.getElementById("counter");
const stateEl = document.getElementById("state");
const playButton = document.getElementById("play");
const speedSelect = document.getElementById("speed");
let step = 0;
let timer = null;

function period() {
  return 500 / Number(speedSelect.value);
}

function go(target, animate) {
  step = Math.max(0, Math.min(TOTAL, target));
  document.documentElement.style.setProperty("--t", animate ? (period() * 0.8) + "ms" : "0ms");
  show(step, animate);
  slider.value = step;
  counter.textContent = step + " / " + TOTAL;
  stateEl.dataset.step = String(step);
  stateEl.dataset.config = config(step);
}

function pause() {
  clearTimeout(timer);
  timer = null;
  playButton.textContent = "play";
}

function tick() {
  if (step >= TOTAL) {
    pause();
    return;
  }
  go(step + 1, true);
  timer = setTimeout(tick, period());
}

function play() {
  if (timer !== null) {
    pause();
    return;
  }
  if (step >= TOTAL) go(0, false);
  playButton.textContent = "pause";
  timer = setTimeout(tick, 0);
}

function fromFragment() {
  const match = /step=(end|\d+)/.exec(location.hash);
  if (match) go(match[1] === "end" ? TOTAL : Number(match[1]), false);
}

slider.max = TOTAL;
slider.addEventListener("input", () => { pause(); go(Number(slider.value), false); });
document.getElementById("first").onclick = () => { pause(); go(0, false); };
document.getElementById("last").onclick = () => { pause(); go(TOTAL, false); };
document.getElementById("back").onclick = () => { pause(); go(step - 1, false); };
document.getElementById("forward").onclick = () => { pause(); go(step + 1, true); };
playButton.onclick = play;
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") { pause(); go(step + 1, true); }
  else if (event.key === "ArrowLeft") { pause(); go(step - 1, false); }
  else if (event.key === "Home") { pause(); go(0, false); }
  else if (event.key === "End") { pause(); go(TOTAL, false); }
  else if (event.key === " ") { play(); }
  else return;
  event.preventDefault();
});
window.addEventListener("hashchange", fromFragment);
go(0, false);
fromFragment();
