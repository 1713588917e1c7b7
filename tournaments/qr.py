"""QR codes as inline SVG (segno): on a table card, the link to that table's
score-entry page, so a scorekeeper's phone opens it by scanning."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str, *, title: str = "") -> str:
    """An SVG QR code of `url` (error correction M: a creased or stained
    card still scans), to embed in a page."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", xmldecl=False, svgns=True, scale=4,
                                    border=4, title=title or None, svgclass="qr")
    return buffer.getvalue().decode()
