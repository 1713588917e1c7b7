from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Its Celery tasks are sent by name (common/background.py): register them.
        from tournaments import signals, tasks  # noqa: F401

        signals.connect()
