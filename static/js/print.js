// A button with the data-print attribute prints the page (table cards).
// In a file of its own: the Content-Security-Policy allows no inline handlers.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
