from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingsConfig(AppConfig):
    name = "rankings"
    verbose_name = _("National rankings")

    def ready(self) -> None:
        # Its Celery tasks are sent by name (common/background.py): register them.
        from rankings import signals, tasks  # noqa: F401

        signals.connect()
