# Models arrive with the issues that need them.
