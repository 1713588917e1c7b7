from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Its Celery tasks are sent by name (common/background.py): register them.
        from stats import signals, tasks  # noqa: F401

        signals.connect()
