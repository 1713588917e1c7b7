"""The static files storage of production: whitenoise's compressed manifest
storage (hashed names, served with far-future caching), which also rewrites
the relative `import ... from "./x.js"` of JavaScript modules to the hashed
names (Django's support_js_module_import_aggregation), so the score-entry
page's modules (static/js/score-entry/) load the files of the same deploy.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
