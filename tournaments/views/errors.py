"""How the tournament pages answer a refused change: the page again, with
status 400 and the service's message (a ValidationError changes nothing).
"""


from django.core.exceptions import ValidationError

BAD_REQUEST = 400


def error_text(error: ValidationError) -> str:
    return " ".join(str(message) for message in error.messages)
