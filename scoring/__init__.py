# Keep this module free of imports: scoring.engine must stay importable without
# Django (the benchmark and other programs use it on its own).
