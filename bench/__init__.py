"""Benchmarks and the soak (`make bench`, `make bench-web`, `make soak`): each
module runs as `python -m bench.<name>` from the project's root. A package,
so bench/exports.py and bench/rankings.py are bench.exports and
bench.rankings, never mistaken for the apps of the same name; the loopback
helpers they share with the tests are in tests/support/."""
