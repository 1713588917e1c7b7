"""Running an installation: backups of the whole database as one file
(`manage.py export_data` / `import_data`, operations/backup.py) and the
production start (`make prod`, operations/prod.py). No models of its own.
"""
