"""Exit statuses shared by every command."""
#: Success: nothing failed.
EXIT_OK = 0
#: A finding: an audit with a failed or errored pair, disagreeing implementations, a refuted
#: closed form.
EXIT_FINDING = 1
#: A usage error or bad input (one line on stderr, never a traceback).
EXIT_USAGE = 2
