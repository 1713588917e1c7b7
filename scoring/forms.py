import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


class GameForm(forms.Form):
    """One game as a JSON object, in the format of `manage.py score_games`."""

    game = forms.CharField(
        label=_("Game (JSON)"),
        widget=forms.Textarea,
        strip=True,
    )

    def clean_game(self) -> dict[str, Any]:
        text = self.cleaned_data["game"]
        try:
            game = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValidationError(
                _("This is not valid JSON: %(problem)s (line %(line)s, column %(column)s)."),
                code="json",
                params={"problem": exc.msg, "line": exc.lineno, "column": exc.colno},
            ) from None
        except (ValueError, RecursionError):
            # Nested thousands deep, or a number of more than 4300 digits.
            raise ValidationError(
                _("This is not valid JSON: it is nested too deeply or holds a number that is "
                  "too long."), code="json") from None
        if not isinstance(game, dict):
            raise ValidationError(
                _("Paste one game: a JSON object, starting with { and ending with }."),
                code="not_object",
            )
        return game
