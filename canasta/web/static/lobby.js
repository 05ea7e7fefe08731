// The lobby: show as many seats as there are players (the server ignores the others).
"use strict";

const players = document.getElementById("players");

function showSeats() {
  const count = Number(players.value);
  for (const seat of document.querySelectorAll(".seat")) {
    const shown = Number(seat.dataset.seat) < count;
    seat.hidden = !shown;
    seat.querySelector("select").disabled = !shown;
  }
}

players.addEventListener("change", showSeats);
showSeats();
