"""The constraint catalog (installed as ``metricprops.constraints``)."""
BUILTIN_CONSTRAINTS: tuple = ()
