from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site's configuration as an app, for its system checks
    (config/checks.py)."""

    name = "config"
    label = "site_config"
    verbose_name = "Site configuration"

    def ready(self) -> None:
        from config import checks  # noqa: F401 (registers the checks)
