"""Benchmark catalogues and their labelled requests: data for `python -m graph bench`.

Nothing in the product imports this package (tests/test_layout.py walks the imports).
`generated` is the project's own 1,000-tool catalogue; `real` loads published API
catalogues that install with pip (AWS service models from `botocore`, the GitHub REST API
as `ghapi` ships it) with requests written for them (`*.jsonl`).
"""
