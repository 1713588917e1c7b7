"""The soak and fault runs (`make soak`, `python -m bench.soak`)."""
