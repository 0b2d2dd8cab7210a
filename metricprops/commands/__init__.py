"""Sub-commands of the ``metricprops`` CLI, one module each (each defines ``command``).

Exit statuses shared by all commands: 0 success, 1 a finding, 2 a usage error or bad input.
"""
EXIT_OK = 0
EXIT_FINDING = 1
EXIT_USAGE = 2
