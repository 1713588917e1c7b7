from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExportsConfig(AppConfig):
    name = "exports"
    verbose_name = _("Exports")

    def ready(self) -> None:
        # Its Celery tasks are sent by name (common/background.py): register them.
        from exports import tasks  # noqa: F401
