"""Tool search: which of a large registry's tools the loader offers for a request.

`entry` (what search reads of a tool), `catalogue` (entries from OpenAPI, LangChain tools
or an MCP tool list), `ranker` (the per-domain ranker protocol, the lexical default and the
optional hybrid), `lexical` (the BM25 index), `lexicon` (names as values, Chinese as API
words), `thesaurus` (how people say API words), `operations` (an operation prior fitted on
your own labelled requests) and `registry` (a domain's declared tools). docs/search.md
explains the method and its measurements.
"""
