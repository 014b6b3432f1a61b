"""Tool declarations, the registry, domains, the executor and the example business store."""
