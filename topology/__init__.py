"""A bank's layout on one machine: hosts in network namespaces, a delaying forwarder between them."""
