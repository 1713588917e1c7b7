"""The Celery application: `celery -A config worker`.

Configuration comes from the Django settings prefixed with CELERY_; without a
broker (CELERY_BROKER_URL unset) tasks run eagerly in the calling process.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
