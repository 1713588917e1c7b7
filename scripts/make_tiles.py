"""Write the 34 tile images of the score-entry picker to static/tiles/.

Run once after changing the drawing (`python scripts/make_tiles.py`); the
SVG files are committed. Shapes only, no text glyphs beyond Arabic numerals:
the pages must not depend on CJK fonts being installed. The names (and the
wind letters in the user's language) come from the page, as alt texts and
labels, so one image serves every language.
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "tiles"
W, H = 60, 84
INK, RED, GREEN, BLUE = "#1d2321", "#b3261e", "#1f6b4f", "#1f4e8c"

# Pip centres on a 60 x 80 grid, per count (the classic layouts).
LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(30, 41)],
    2: [(30, 24), (30, 58)],
    3: [(15, 18), (30, 41), (45, 64)],
    4: [(18, 24), (42, 24), (18, 58), (42, 58)],
    5: [(17, 20), (43, 20), (30, 41), (17, 62), (43, 62)],
    6: [(18, 19), (42, 19), (18, 41), (42, 41), (18, 63), (42, 63)],
    7: [(14, 15), (30, 23), (46, 31), (18, 48), (42, 48), (18, 66), (42, 66)],
    8: [(18, 15), (42, 15), (18, 32), (42, 32), (18, 49), (42, 49), (18, 66), (42, 66)],
    9: [(14, 19), (30, 19), (46, 19), (14, 41), (30, 41), (46, 41), (14, 63), (30, 63), (46, 63)],
}
CIRCLE_R = {1: 17, 2: 11, 3: 8, 4: 9.5, 5: 8.5, 6: 8.5, 7: 7, 8: 7, 9: 7}
STICK_H = {1: 40, 2: 24, 3: 17, 4: 24, 5: 17, 6: 17, 7: 14, 8: 13, 9: 17}


def y(value: float) -> float:
    """The 80-high layout squeezed above the numeral band."""
    return round(5 + (value - 10) * 58 / 62, 1)


def frame(body: str, numeral: str = "", colour: str = INK) -> str:
    band = (
        f'<text x="30" y="80" text-anchor="middle" font-family="system-ui, sans-serif" '
        f'font-size="13" font-weight="700" fill="{colour}">{numeral}</text>'
        if numeral
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img">'
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="7" fill="#fffdf5" '
        f'stroke="#8a8576" stroke-width="2"/>{body}{band}</svg>\n'
    )


def circles(n: int) -> str:
    r = CIRCLE_R[n]
    colours = [BLUE, GREEN, RED]
    parts = []
    for index, (cx, cy) in enumerate(LAYOUTS[n]):
        colour = colours[index % 3] if n > 1 else BLUE
        parts.append(
            f'<circle cx="{cx}" cy="{y(cy)}" r="{r}" fill="none" stroke="{colour}" '
            f'stroke-width="3"/><circle cx="{cx}" cy="{y(cy)}" r="{r * 0.35:.1f}" '
            f'fill="{colour}"/>'
        )
    return frame("".join(parts), str(n), BLUE)


def bamboo(n: int) -> str:
    h = STICK_H[n]
    width = 11 if n == 1 else 7
    parts = []
    for index, (cx, cy) in enumerate(LAYOUTS[n]):
        colour = (
            RED
            if (n in (5, 9) and index == len(LAYOUTS[n]) // 2) or (n == 7 and index == 1)
            else GREEN
        )
        top = y(cy) - h / 2
        parts.append(
            f'<rect x="{cx - width / 2}" y="{top:.1f}" width="{width}" height="{h}" '
            f'rx="3" fill="{colour}"/><line x1="{cx - width / 2}" x2="{cx + width / 2}" '
            f'y1="{y(cy):.1f}" y2="{y(cy):.1f}" stroke="#fffdf5" stroke-width="1.5"/>'
        )
    return frame("".join(parts), str(n), GREEN)


def characters(n: int) -> str:
    # A large numeral over a red seal: the characters suit at a glance.
    body = (
        f'<text x="30" y="44" text-anchor="middle" font-family="system-ui, sans-serif" '
        f'font-size="38" font-weight="800" fill="{INK}">{n}</text>'
        f'<rect x="19" y="52" width="22" height="22" rx="3" fill="{RED}"/>'
        f'<path d="M24 58h12M24 63h12M24 68h12M30 55v16" stroke="#fffdf5" '
        f'stroke-width="2"/>'
    )
    return frame(body)


# Compass arrows: East points right, South down, West left, North up.
WIND_ANGLE = {1: 90, 2: 180, 3: 270, 4: 0}


def wind(n: int) -> str:
    # The wind's letter in the user's language is drawn by the page over the
    # arrow's tail (the band below), so one image serves Dutch and English.
    body = (
        f'<circle cx="30" cy="34" r="22" fill="none" stroke="{INK}" stroke-width="2"/>'
        f'<g transform="rotate({WIND_ANGLE[n]} 30 34)">'
        f'<path d="M30 14 L40 36 L30 31 L20 36 Z" fill="{RED}"/>'
        f'<path d="M30 31 L34 52 L26 52 Z" fill="{INK}"/></g>'
    )
    return frame(body)


def dragon(n: int) -> str:
    if n == 5:  # white: the blue frame
        body = (
            f'<rect x="12" y="12" width="36" height="56" rx="3" fill="none" '
            f'stroke="{BLUE}" stroke-width="4"/><rect x="19" y="19" width="22" height="42" '
            f'fill="none" stroke="{BLUE}" stroke-width="2"/>'
        )
    elif n == 6:  # green: a stylised plant
        body = (
            f'<path d="M30 70 V26" stroke="{GREEN}" stroke-width="5"/>'
            f'<path d="M30 48 C18 44 13 34 14 24 C24 28 29 36 30 48Z" fill="{GREEN}"/>'
            f'<path d="M30 40 C42 36 47 26 46 16 C36 20 31 28 30 40Z" fill="{GREEN}"/>'
            f'<path d="M30 62 C40 60 46 54 48 46 C40 46 33 52 30 62Z" fill="{GREEN}"/>'
        )
    else:  # red: the shape of its character, a box pierced by a stroke
        body = (
            f'<rect x="12" y="26" width="36" height="24" rx="2" fill="none" '
            f'stroke="{RED}" stroke-width="5"/><path d="M30 10 V72" stroke="{RED}" '
            f'stroke-width="6"/>'
        )
    return frame(body)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for n in range(1, 10):
        (OUT / f"{n}m.svg").write_text(characters(n))
        (OUT / f"{n}p.svg").write_text(circles(n))
        (OUT / f"{n}s.svg").write_text(bamboo(n))
    for n in range(1, 8):
        (OUT / f"{n}z.svg").write_text(wind(n) if n <= 4 else dragon(n))
    print(f"34 tiles written to {OUT}")


if __name__ == "__main__":
    main()
