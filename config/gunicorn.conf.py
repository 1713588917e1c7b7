"""gunicorn's settings, from the environment (docs/operations.md):

    gunicorn -c config/gunicorn.conf.py

WEB_BIND     where to listen: host:port or unix:/path, comma-separated
             (default 127.0.0.1:8000: behind a reverse proxy on the host)
WEB_WORKERS  worker processes (default 2 per CPU + 1, at most 9)

Sync workers: each request holds one worker, and nothing is kept in a
worker's memory between requests that another worker or host would need
(sessions, the cache and the export files are in the database or Redis).
Measured on a 2-core host (issue 19, `make bench-web`): gthread workers
(2 x 4 threads) served fewer requests than 4 sync workers, for the shared
standings (942 against ~1,040 a second) and for hand submissions, and closed
idle keep-alive connections under the clients (errors a browser retries
quietly, a device on a bad connection may not). A request here is CPU, not
waiting: threads add switching, not throughput.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from operations.prod import Refused, web_bind, web_workers  # noqa: E402

wsgi_app = "config.wsgi:application"
try:
    bind = web_bind(os.environ)
    workers = web_workers(os.environ)
except Refused as refused:
    raise SystemExit(f"gunicorn: {refused}") from None

# The proxy and its clients see these; gunicorn writes them to standard output
# and error, which the service manager (journald) keeps.
accesslog = "-"
errorlog = "-"
loglevel = "info"
# A request that takes this long is killed (its worker restarted); the
# slowest page of a large event takes well under a second.
timeout = 30
graceful_timeout = 30
keepalive = 5
# Each worker is replaced after about this many requests: a safety net for
# memory, never needed for correctness.
max_requests = 2000
max_requests_jitter = 200
