"""Taps and scrolling a scorekeeper needs on the phone score-entry page.

Two hands are entered on a 390x844 viewport (Debian's Chromium through
Playwright), as a scorekeeper with one thumb would:

(a) the worked example of seed 003 by tiles: South wins on West's discard
    with 234456m345678p33s (winning tile 3s), East holds 2228m4777p19s555z,
    North 1245899s222z with an open pung 666s, West's hand is dead;
(b) a typical hand by values, on a fresh page: East 8, South 40, West 16,
    North 0; South wins on North's discard.

Every action is counted as a user makes it: a tap is one tap, typing a
value is a tap on the field plus one keypress per character, a select is
two taps (open it, pick). Before each action the page is scrolled, as a
thumb would, just far enough to bring the target into view (8 px margin):
one scroll gesture, and its distance in px. Also reported: the page height
in tiles mode, where the form starts on the first screen (what the header
takes), and how many tile taps happen while the hand being built is out of
view (the tray of tiles not wholly on the screen: a tap whose effect is not seen).

The script builds its own data (a fresh SQLite database in a temp dir: one
NTS event of 8 players, round 1 started, a scorekeeper) and serves it with
`manage.py runserver --insecure` on a free loopback port.

    .venv/bin/python -m bench.entry_taps [--json] [--screenshots DIR] [--before]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.support.processes import free_port

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WIDTH, HEIGHT = 390, 844
MARGIN = 8

# The steps of each hand: ("tap", selector), ("type", selector, text),
# ("select", selector, value), ("tiles", "234m..."): one tap per tile in the picker.
TILE = '.se-picker [data-tile="{code}"]'
# The page before issue 15 (commit bb8fb80): the winning tile is tapped into
# the hand and then once more as "the winning tile"; melds start open.
WORKED_EXAMPLE_BEFORE = [
    ("tap", 'input[name=mode][value="tiles"]'),
    ("tap", '#se-winner input[value="1"]'),
    ("tiles", "234456m345678p33s"),
    ("tap", '#se-tile-player input[value="0"]'),
    ("tiles", "2228m4777p19s555z"),
    ("tap", '#se-tile-player input[value="3"]'),
    ("tiles", "1245899s222z"),
    ("tap", 'input[name=target][value="pung"]'),
    ("tiles", "6s"),
    ("tap", 'input[name=target][value="winning"]'),
    ("tiles", "3s"),
    ("tap", '.se-dead[data-position="2"]'),
    ("tap", '#se-discarder input[value="2"]'),
    ("tap", "#se-save"),
]
WORKED_EXAMPLE = [
    ("tap", 'input[name=mode][value="tiles"]'),
    ("tap", '#se-winner input[value="1"]'),
    ("tap", '#se-discarder input[value="2"]'),
    ("tiles", "234456m345678p3s"),
    ("tap", 'input[name=target][value="winning"]'),
    ("tiles", "3s"),
    ("tap", '#se-tile-player input[value="0"]'),
    ("tiles", "2228m4777p19s555z"),
    ("tap", '#se-tile-player input[value="3"]'),
    ("tiles", "1245899s222z"),
    ("tap", 'input[name=target][value="pung"]'),
    ("tiles", "6s"),
    ("tap", '.se-dead[data-position="2"]'),
    ("tap", "#se-save"),
]
BY_VALUES = [
    ("type", "#se-value-0", "8"),
    ("type", "#se-value-1", "40"),
    ("type", "#se-value-2", "16"),
    ("tap", '#se-winner input[value="1"]'),
    ("tap", '#se-discarder input[value="3"]'),
    ("tap", "#se-save"),
]


def build_data(env: dict[str, str]) -> int:
    """Migrate a fresh database and create a started NTS round; the id of table 1."""
    code = """
import django, os
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth.models import User
from tests.support import worlds
from tournaments.services.scorekeepers import add_scorekeeper
from tests.support.factories import EVENT_DAY, ClubFactory, MemberFactory
club = ClubFactory()
players = [MemberFactory(club=club, first_name=name, last_name=f"Speler{index}")
           for index, name in enumerate(worlds.FIRST_NAMES[:8])]
built = worlds.tournament(club, players=players, played=0, open_round=True, seed=3,
                          ruleset="nts", kind="evening", title="Club evening 0",
                          start_date=EVENT_DAY, rounds_planned=2)
add_scorekeeper(built.event, User.objects.create_user("vera", password="bench-pw"))
print(built.rounds[0].tables.get(number=1).pk)
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True)
    return int(out.stdout.strip().splitlines()[-1])


def wait_for(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except Exception:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer at {url}")


class Counter:
    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0
        self.gestures = 0
        self.scrolled = 0
        self.blind_tile_taps = 0

    def target(self, selector: str) -> Any:
        """What a thumb taps: the label of a radio or checkbox, else the element."""
        locator = self.page.locator(selector).first
        locator.wait_for(state="attached")
        return locator.evaluate_handle("e => e.closest('label') || e").as_element()

    def bring_into_view(self, selector: str) -> Any:
        """Scroll just enough to show the target, as a thumb would, clear of
        what stays on the screen (a sticky tray above, a sticky Save bar below)."""
        target = self.target(selector)
        box = target.evaluate("""e => {
            const r = e.getBoundingClientRect();
            let top = 0, bottom = window.innerHeight;
            for (const bar of document.querySelectorAll(".se-actions, .se-tray")) {
                if (bar.contains(e) || getComputedStyle(bar).position !== "sticky") continue;
                const b = bar.getBoundingClientRect();
                if (b.height === 0) continue;
                if (b.top <= 1 && b.bottom < window.innerHeight / 2) top = Math.max(top, b.bottom);
                else if (b.bottom >= window.innerHeight - 1) bottom = Math.min(bottom, b.top);
            }
            return {top: r.top, bottom: r.bottom, min: top, max: bottom};
        }""")
        delta = 0
        if box["bottom"] > box["max"] - MARGIN:
            delta = box["bottom"] - (box["max"] - MARGIN)
            # A target taller than the screen: its top in view is enough.
            delta = min(delta, box["top"] - box["min"] - MARGIN)
        elif box["top"] < box["min"] + MARGIN:
            delta = box["top"] - box["min"] - MARGIN
        if abs(delta) >= 1:
            self.page.evaluate("d => window.scrollBy(0, d)", delta)
            self.gestures += 1
            self.scrolled += abs(round(delta))
        return target

    def tray_in_view(self) -> bool:
        return bool(self.page.evaluate("""() => {
            const tray = document.getElementById("se-hand-tiles");
            if (!tray) return false;
            const r = tray.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
        }"""))

    def run(self, steps: list[tuple[str, ...]]) -> None:
        for step in steps:
            kind = step[0]
            if kind == "tiles":
                for code in codes(step[1]):
                    self.bring_into_view(TILE.format(code=code)).click()
                    self.taps += 1
                    if not self.tray_in_view():
                        self.blind_tile_taps += 1
                continue
            selector = step[1]
            target = self.bring_into_view(selector)
            if kind == "tap":
                target.click()
                self.taps += 1
            elif kind == "type":
                target.click()
                self.taps += 1
                self.page.keyboard.type(step[2])
                self.keys += len(step[2])
            elif kind == "select":
                self.page.select_option(selector, step[2])
                self.taps += 2

    def result(self) -> dict[str, int]:
        return {"taps": self.taps, "keypresses": self.keys, "taps_and_keys": self.taps + self.keys,
                "scroll_gestures": self.gestures, "scrolled_px": self.scrolled,
                "blind_tile_taps": self.blind_tile_taps}


def codes(tiles: str) -> list[str]:
    out: list[str] = []
    digits: list[str] = []
    for char in tiles:
        if char.isdigit():
            digits.append(char)
        else:
            out.extend(digit + char for digit in digits)
            digits = []
    return out


def measure(base: str, table_id: int, screenshots: Path | None, before: bool
            ) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    url = f"{base}/tables/{table_id}/score/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT},
                                      has_touch=True, is_mobile=True)
        page = context.new_page()
        page.goto(base + "/accounts/login/")
        page.fill("#id_username", "vera")
        page.fill("#id_password", "bench-pw")
        page.click("main button[type=submit]")
        page.wait_for_load_state()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        first_screen = {
            "form_top_px": round(page.evaluate(
                "document.getElementById('se-form').getBoundingClientRect().top")),
            "page_height_values_px": page.evaluate("document.documentElement.scrollHeight"),
        }
        tiles = Counter(page)
        tiles.run(WORKED_EXAMPLE_BEFORE if before else WORKED_EXAMPLE)
        page.locator('#se-hands tr[data-hand="1"]').wait_for()
        if screenshots:
            page.screenshot(path=str(screenshots / "entry-taps-tiles.png"), full_page=True)
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.check('input[name=mode][value="tiles"]')
        first_screen["page_height_tiles_px"] = page.evaluate(
            "document.documentElement.scrollHeight")
        page.goto(url)
        page.wait_for_load_state("networkidle")
        values = Counter(page)
        values.run(BY_VALUES)
        page.locator('#se-hands tr[data-hand="2"]').wait_for()
        if screenshots:
            page.screenshot(path=str(screenshots / "entry-taps-values.png"), full_page=True)
        browser.close()
    return {"viewport": f"{WIDTH}x{HEIGHT}", "worked_example_by_tiles": tiles.result(),
            "hand_by_values": values.result(), **first_screen}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--screenshots", type=Path)
    parser.add_argument("--before", action="store_true",
                        help="the steps of the page before issue 15 (commit bb8fb80)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
               "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "false",
               "RATELIMIT_ENABLED": "false", "PYTHONPATH": str(ROOT)}
        table_id = build_data(env)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--insecure", "--noreload",
             f"127.0.0.1:{port}"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
            stderr=open(Path(tmp) / "server.log", "w"))
        try:
            base = f"http://127.0.0.1:{port}"
            try:
                wait_for(base + "/accounts/login/")
            except SystemExit:
                print((Path(tmp) / "server.log").read_text()[-3000:], file=sys.stderr)
                raise
            if args.screenshots:
                args.screenshots.mkdir(parents=True, exist_ok=True)
            result = measure(base, table_id, args.screenshots, args.before)
        finally:
            server.terminate()
            server.wait(timeout=10)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for name in ("worked_example_by_tiles", "hand_by_values"):
        r = result[name]
        print(f"{name}: {r['taps']} taps + {r['keypresses']} keypresses, "
              f"{r['scroll_gestures']} scroll gestures, {r['scrolled_px']} px scrolled, "
              f"{r['blind_tile_taps']} tile taps with the hand out of view")
    print(f"form starts at {result['form_top_px']} px of {HEIGHT}; page height "
          f"{result['page_height_values_px']} px (values), "
          f"{result['page_height_tiles_px']} px (tiles)")


if __name__ == "__main__":
    main()
