"""Soak and fault runs (issue 8, "Reliability, measured"): the whole stack on loopback,
under the load of a tournament in play, for minutes, and with one part broken at a time.

The stack, started and stopped by this script: a throwaway PostgreSQL cluster (initdb /
pg_ctl on a free loopback port, as .ci/run does; or a throwaway database on the server of
--database-url), a throwaway redis-server (cache on db 1, Celery broker on db 0),
gunicorn with 2 sync workers, a Celery worker (prefork, 2 processes) and Celery beat
(the export upkeep, exports.maintain, every minute). The data: bench/web.py's 400-player,
8-round tournament, round 8 in play at 100 tables.

The load (all over HTTP, with the clients of bench/web.py):

* 100 tables entering hands, each its own scorekeeper (a forced session cookie), as the
  score-entry page does: the page once (CSRF token), the table, then a hand every ~30 s
  (--hand-every; a real hand takes 3-5 minutes; at 10 s two cores are saturated, as
  every hand makes the next reader recompute the standings of 400 players, ~140 ms) with
  a new submission_id and the version it saw (the table again only when the answer
  says another writer changed it: the answer carries the rest); 1 in
  10 saved hands posted again (a repeat must answer 200 with the same hand). A hand
  whose POST gets no answer or a 5xx is sent again with the same submission_id until it
  is answered, as the page's queue does (every --retry-every seconds; the page retries
  every 15 s and when the browser is back online). At --two-writers tables a second
  scorekeeper enters hands too: a 409 (the table changed) is their expected lot; the
  client re-reads the table and drops that hand.
* 200 members reading the standings (anonymous): the page, then the live fragment the
  page polls every 10 s (--read-every), the whole page again every 6th time.
* In the soak, the organiser asks for an export every 2 minutes and follows it to the
  download (the PDF standings or the Excel hand log, in turn).

Runs: the soak (--minutes, default 10), then four fault runs of about --fault-seconds
each under the same load: (1) gunicorn workers killed with SIGKILL while hands are
being posted, (2) Redis stopped for --redis-down seconds (an export is asked for
meanwhile), (3) the Celery worker killed (process group, SIGKILL) during an export and a
new one started 5 s later, (4) PostgreSQL stopped (fast) and started again after
--pg-down seconds. After each run the database is checked: every acknowledged
submission_id stored exactly once, no (table, number) twice, no gaps in hand numbers, no
hand refused with 409 stored anyway.

Reported per run: requests served, errors by kind (status or connection error, with a
message seen and when), p50/p95/max of submission and of standings, hands submitted /
acknowledged / stored / lost / duplicated, the server's own log (5xx tracebacks, app
warnings) and, for the soak, the RSS of every process at the start (after the first
minute, warm) and at the end (target: no growth beyond 20%).

    python -m bench.soak [--minutes 10] [--runs soak,kill-web,redis,kill-celery,restart-pg]
                         [--database-url postgres://...] [--json] [--logs DIR]

Exit status 0 when every target is met (soak: zero errors, no memory growth beyond 20%;
every run: no hand lost or duplicated, no 5xx answer to score entry but a 503, every
export finished, the standings served afterwards up to date), 1 otherwise, 2 when the
stack cannot be started. Latencies are reported, not judged: the load tool shares the
machine with the server (bench/web.py's targets, for reference: submission p95 < 150 ms,
standings p95 < 100 ms). Everything started is stopped and removed at the end, also on
Ctrl-C, SIGTERM or an error.

The parts, one job per module: cli.py (the options, main), supervisor.py (starts and
stops PostgreSQL, Redis, gunicorn, Celery worker and beat), world.py (the tournament and
its scorekeepers), load.py (the users: scorekeepers, readers, the organiser's exports),
runs.py (the soak and what every run shares), faults.py (the four fault runs), checks.py
(the database and the standings after a run), figures.py (memory and CPU of the
processes, via psutil), logs.py (what the processes logged), report.py (targets and the
printed report); common.py has the loopback host, the project's root and the progress
line.
"""
