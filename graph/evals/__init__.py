"""Measurement: the regression set, the comparison with LangChain, the overhead benchmark.

`python -m graph eval` runs the regression set (`cases.json`), `eval --compare` runs the same
scenarios through LangChain's `create_agent`, and `python -m graph bench` measures what a
round costs. LangChain is imported only by the last two, and only when they run.
"""
