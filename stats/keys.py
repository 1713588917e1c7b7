"""Who a player is: a person, across clubs.

A member of two clubs has two Member rows; when both carry the same NMB
number they are one person. A person's key is "nmb-<number>" when the member
has an NMB number, else "member-<member id>". Statistics are stored and
shown per key (`/players/<key>/statistics/`).
"""

from __future__ import annotations

from clubs import limits

NMB = "nmb-"
MEMBER = "member-"


def person_key(member_id: int, nmb_number: str | None) -> str:
    return f"{NMB}{nmb_number}" if nmb_number else f"{MEMBER}{member_id}"


# Longer keys name nobody: an NMB number is a few digits, a member id a row
# id (clubs.limits.whole_number).
LONGEST = 40


def parse(key: str) -> tuple[str, str] | tuple[str, int] | None:
    """("nmb", number) or ("member", id); None for anything else, also for
    digits that are not ASCII ('²' passes str.isdigit() but not int())."""
    if len(key) > LONGEST:
        return None
    if key.startswith(NMB) and len(key) > len(NMB):
        return ("nmb", key[len(NMB):])
    number = limits.whole_number(key[len(MEMBER):]) if key.startswith(MEMBER) else None
    return ("member", number) if number is not None else None

