"""Backups (`manage.py export_data` / `import_data`): an installation with a
finished tournament, written to a file and restored into a new, empty
database by other processes, as an operator does it; then every row of every
table of both compared, field by field."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from operations.backup import EXCLUDED
from tests.production.conftest import ROOT, base_env, manage
from tests.production.installation import build
from tests.production.rows import all_rows

pytestmark = pytest.mark.django_db


def restored_rows(database_url: str) -> dict[str, Any]:
    process = subprocess.run([sys.executable, "-m", "tests.production.rows"], cwd=ROOT,
                             env=base_env(DATABASE_URL=database_url), capture_output=True,
                             text=True, timeout=120, check=False)
    assert process.returncode == 0, process.stderr[-3000:]
    return json.loads(process.stdout)  # type: ignore[no-any-return]


def lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        return stream.readlines()


def write(path: Path, content: list[str]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        stream.writelines(content)
    return path


def test_a_backup_restores_every_row_into_an_empty_database(tmp_path: Path,
                                                            empty_database: str) -> None:
    build()
    original = all_rows()
    backup = tmp_path / "backup.jsonl.gz"
    call_command("export_data", str(backup), verbosity=0)
    env = base_env(DATABASE_URL=empty_database)

    migrated = manage("migrate", "--noinput", env=env)
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    # A damaged file (cut off) and an incomplete one (a row missing) restore nothing.
    content = lines(backup)
    raw = backup.read_bytes()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(raw[: len(raw) // 2])
    refused = manage("import_data", str(cut), env=env)
    assert refused.returncode != 0
    assert "Nothing was restored. The file is damaged or incomplete" in refused.stderr
    hand = next(i for i, line in enumerate(content) if '"model": "tournaments.hand"' in line)
    missing = write(tmp_path / "missing.jsonl.gz", content[:hand] + content[hand + 1:])
    refused = manage("import_data", str(missing), env=env)
    assert refused.returncode != 0, refused.stdout
    assert "The file is incomplete: tournaments.hand" in refused.stderr, refused.stderr

    restored = manage("import_data", str(backup), env=env)
    assert restored.returncode == 0, restored.stderr[-3000:]
    assert "restored" in restored.stdout
    copy = restored_rows(empty_database)

    assert sorted(copy) == sorted(original)
    for label in sorted(original):
        if label in EXCLUDED:
            # Left out on purpose (sessions, export files): the original had some.
            assert original[label]["rows"], label
            assert copy[label]["rows"] == [], label
            continue
        assert copy[label]["columns"] == original[label]["columns"], label
        assert len(copy[label]["rows"]) == len(original[label]["rows"]), label
        for before, after in zip(original[label]["rows"], copy[label]["rows"], strict=True):
            assert after == before, (label, dict(zip(original[label]["columns"], before,
                                                     strict=True)))
    # The tables this test is about are not empty, so the comparison meant something.
    for label in ("tournaments.hand", "tournaments.handchange", "tournaments.tableresult",
                  "tournaments.handscore", "rankings.rankingrun", "rankings.rankingentry",
                  "rankings.rankingresult", "rankings.rankingentry_clubs",
                  "stats.playerstatistics", "stats.groupstatistics", "admin.logentry",
                  "auth.user_groups", "auth.group_permissions", "clubs.club_organisers"):
        assert original[label]["rows"], label

    # The restored installation takes new rows (the key sequences were moved on)
    # and refuses a second restore on top of itself.
    again = manage("import_data", str(backup), env=env)
    assert again.returncode != 0
    assert "already holds data" in again.stderr
    script = ("import django; django.setup()\n"
              "from clubs.models import Club\n"
              "print(Club.objects.create(name='Nieuw', slug='nieuw').pk)\n")
    created = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60, check=False)
    assert created.returncode == 0, created.stderr[-2000:]
    assert int(created.stdout) > max(row[0] for row in original["clubs.club"]["rows"])


def test_it_refuses_to_restore_over_data(tmp_path: Path) -> None:
    build()
    backup = tmp_path / "backup.jsonl"
    call_command("export_data", str(backup), verbosity=0)
    with pytest.raises(CommandError, match="already holds data .*clubs.club: 2"):
        call_command("import_data", str(backup), verbosity=0)


def test_it_refuses_a_backup_of_other_migrations(tmp_path: Path) -> None:
    backup = tmp_path / "backup.jsonl"
    call_command("export_data", str(backup), verbosity=0)
    header, *rows = backup.read_text().splitlines(keepends=True)
    changed = json.loads(header)
    changed["migrations"].append(["tournaments", "9999_from_the_future"])
    changed["migrations"].remove(["stats", "0001_initial"])
    backup.write_text(json.dumps(changed) + "\n" + "".join(rows))
    with pytest.raises(CommandError) as refused:
        call_command("import_data", str(backup), verbosity=0)
    message = str(refused.value)
    assert "only in the backup: tournaments.9999_from_the_future" in message
    assert "only in this database: stats.0001_initial" in message
    assert "Restore with the release of the code that made the backup" in message


def test_it_refuses_a_file_that_is_not_a_backup(tmp_path: Path) -> None:
    other = tmp_path / "dump.json"
    other.write_text('[{"model": "clubs.club", "pk": 1, "fields": {}}]\n')
    with pytest.raises(CommandError, match="not a backup made by `manage.py export_data`"):
        call_command("import_data", str(other), verbosity=0)
