"""`python -m bench.soak`: the soak and fault runs."""

import sys

from bench.soak.cli import main

if __name__ == "__main__":
    sys.exit(main())
