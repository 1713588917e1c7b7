"""The database cache's table (settings.CACHES without CACHE_URL), created by
`migrate` so that no installation can forget `manage.py createcachetable`.
With CACHE_URL=redis://... the command finds no database cache and does
nothing."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):  # type: ignore[no-untyped-def]
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_score_entry")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
