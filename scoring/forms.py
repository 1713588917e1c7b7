from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring import json_input

# A game of four players with every meld is under 2,000 characters.
MAX_GAME_CHARACTERS = 16_000


class GameForm(forms.Form):
    """One game as a JSON object, in the format of `manage.py score_games`."""

    game = forms.CharField(
        label=_("Game (JSON)"),
        widget=forms.Textarea,
        strip=True,
        max_length=MAX_GAME_CHARACTERS,
    )

    def clean_game(self) -> dict[str, Any]:
        text = self.cleaned_data["game"]
        try:
            game = json_input.loads(text)
        except json_input.JsonInputError as error:
            if error.reason == "syntax":
                raise ValidationError(
                    _("This is not valid JSON: %(problem)s (line %(line)s, column %(column)s)."),
                    code="json",
                    params={"problem": error.problem, "line": error.line, "column": error.column},
                ) from None
            raise ValidationError(
                _(
                    "This is not valid JSON: it is nested too deeply or holds a number that is "
                    "too long."
                ),
                code="json",
            ) from None
        if not isinstance(game, dict):
            raise ValidationError(
                _("Paste one game: a JSON object, starting with { and ending with }."),
                code="not_object",
            )
        return game
