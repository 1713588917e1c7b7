"""Infrastructure the tests and the benchmarks share (bench/ imports it too):
processes on loopback (free ports, a throwaway Redis server). Importing it
needs no Django settings."""
