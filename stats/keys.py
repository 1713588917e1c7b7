"""Who a player is: a person, across clubs.

A member of two clubs has two Member rows; when both carry the same NMB
number they are one person. A person's key is "nmb-<number>" when the member
has an NMB number, else "member-<member id>". Statistics are stored and
shown per key (`/players/<key>/statistics/`).
"""

from __future__ import annotations

NMB = "nmb-"
MEMBER = "member-"


def person_key(member_id: int, nmb_number: str | None) -> str:
    return f"{NMB}{nmb_number}" if nmb_number else f"{MEMBER}{member_id}"


# Longer keys name nobody: an NMB number is a few digits, a member id fits a
# 64-bit column (18 digits always do).
LONGEST = 40
ID_DIGITS = 18


def parse(key: str) -> tuple[str, str] | tuple[str, int] | None:
    """("nmb", number) or ("member", id); None for anything else, also for
    digits that are not ASCII ('²' passes str.isdigit() but not int())."""
    if len(key) > LONGEST:
        return None
    if key.startswith(NMB) and len(key) > len(NMB):
        return ("nmb", key[len(NMB):])
    number = key[len(MEMBER):]
    if key.startswith(MEMBER) and number.isascii() and number.isdigit() \
            and len(number) <= ID_DIGITS:
        return ("member", int(number))
    return None

