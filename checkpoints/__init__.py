"""Durable state: the SQLite checkpointer, the exactly-once ledger and the threads index."""
