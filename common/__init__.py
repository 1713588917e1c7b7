"""Helpers every app may use, below them all: imports no app of the project
(and not `config`, which imports every app)."""
