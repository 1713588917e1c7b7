"""Demo data for trying the product locally (`manage.py load_demo`).

Idempotent: running it again resets the demo objects to their known state,
so the printed login always works.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

ORGANISER_USERNAME = "organiser"
ORGANISER_PASSWORD = "mahjong-demo"


@transaction.atomic
def load_demo() -> AbstractBaseUser:
    """Create (or reset) the demo organiser and return it."""
    user, _created = get_user_model().objects.update_or_create(
        username=ORGANISER_USERNAME,
        defaults={"is_staff": True, "is_active": True},
    )
    user.set_password(ORGANISER_PASSWORD)
    user.save(update_fields=["password"])
    return user
